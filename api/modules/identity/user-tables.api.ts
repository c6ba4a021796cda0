// What other rooms read of identity's users inside their own queries; a file of its own, importing nothing of
// identity's services, so a repo can use it without an import cycle.
export {
  adminExists,
  adminIds,
  endOpenSessions,
  lockInvestor,
  lockUser,
  mailRecipient,
  referralCodeOf,
  referredUsersQuery,
  referrerOf,
  userContactsQuery,
} from './user-tables.repo';
