// What other rooms read of the investments inside their own queries; apart from investments.api.ts so repos import
// no service.
export { activeInvestmentsPerPlanQuery } from './investment-tables.repo';
