/** What other modules use of the plan catalogue: a plan's terms and the checks a purchase or a deposit makes. */
import { plansRepo } from './plans.repo';

export { isWithinPlan, planRangeMessage, roiPercentage, type PlanRow, type PlanTerms } from './plans.repo';
export { planAsShown } from './plans.service';

export const planById = plansRepo.byId;
export const planByName = plansRepo.byName;
/** The plan a purchase is made on, read FOR SHARE in its transaction. */
export const planForPurchase = plansRepo.byIdForShare;
/** The terms a plan had at one of its versions. */
export const planVersionTerms = plansRepo.versionTerms;
export const planNamesByIds = plansRepo.namesByIds;
