import type { Db } from '../../db/connect';
import { databaseAnswers } from './health.repo';

/** What a load balancer's health check is told: the API is ready only while its database answers. */
export const apiHealth = async (db: Db): Promise<'ok' | 'unavailable'> =>
  (await databaseAnswers(db)) ? 'ok' : 'unavailable';
