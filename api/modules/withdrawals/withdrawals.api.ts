// What other modules use of withdrawals: one as the investor and the admin desk see it.
export { presentWithdrawal } from './withdrawals.presenter';
