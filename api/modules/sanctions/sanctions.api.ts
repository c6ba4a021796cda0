// What other modules use of sanctions screening: whether an address is listed, and recording a hit as an incident.
export {
  heldWithdrawals,
  isDepositFrozen,
  isSanctioned,
  isWithdrawalHeld,
  neutralRefusal,
  recordHit,
  refusedAddress,
  screenForSubject,
  type Hit,
} from './screening';
export { sanctionsLists, type SanctionsList } from './address-rules';
