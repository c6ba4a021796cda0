/** What other modules use of investments: an investor's list as the investor's pages show it. */
export { investmentsOf, type InvestmentView } from './investments.repo';
export { presentInvestment } from './investments.presenter';
