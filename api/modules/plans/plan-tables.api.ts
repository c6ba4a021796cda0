// What other rooms read of the plans inside their own queries; apart from plans.api.ts so repos import no service.
export { planNamesQuery } from './plan-tables.repo';
