import { planCatalogue, type Plan } from '../../../api/contracts/plans';

/** The seeded plans as GET /api/plans sends them before any admin edit: version 1, no texts beyond the names. */
export const servedPlans: Plan[] = planCatalogue.map((plan) => ({
  ...plan,
  version: 1,
  amountLabel: '',
  description: '',
  names: {},
  descriptions: {},
}));
