import type { Db } from '../../db/connect';

/** A plan's name beside another room's rows (deposits, investments), for their own statements. */
export const planNamesQuery = (executor: Db) => executor('plans').select('id', 'name');
