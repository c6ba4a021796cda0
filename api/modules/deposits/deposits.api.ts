// What other modules use of deposits: an investor's deposits and a receipt's file, for the admin desk.
import type { Db } from '../../db/connect';
import { depositsRepo } from './deposits.repo';

export { presentDeposit, sendReceiptFile } from './deposits.presenter';

/** The investor's deposits with their plan's name, newest first. */
export const depositsOf = (executor: Db, userId: string) => depositsRepo.forUser(executor, userId);

export const receiptFileOf = (executor: Db, depositId: string) => depositsRepo.receiptFileOf(executor, depositId);

export { forgetReceiptFileNames } from './erasure.repo';
