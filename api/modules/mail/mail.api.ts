// What other modules use of mail besides the mailer: an erased person's mail forgotten (issue 37).
export { eraseMailTo } from './erasure.repo';
