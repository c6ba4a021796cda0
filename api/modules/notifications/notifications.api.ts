// What other modules use of notifications: telling a person or the operators of an event inside its transaction,
// and sending what is due (tests of other modules drive delivery themselves).
export { markOperatorNoticesDone, notify, notifyEach, notifyOperators, type NotificationEvent } from './notify';
export { deliverDueNotifications, deliveryLeaseMs } from './delivery';
export { retryDelayMs } from './retry-policy';
export { scrubNotifications } from './erasure.repo';
