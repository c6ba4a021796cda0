// What other rooms read of the deposits inside their own transactions; apart from deposits.api.ts so it imports no
// service (deposits' confirmation calls the referral bonus, which reads this).
export { hasOtherConfirmedDeposit } from './deposit-tables.repo';
