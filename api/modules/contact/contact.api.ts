// What other modules use of contact messages: a person's own, in their data export and erasure (issue 37).
export { contactMessagesFrom, eraseContactMessagesFrom } from './erasure.repo';
