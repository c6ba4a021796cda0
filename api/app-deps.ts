import type { Agent } from 'node:https';
import type { Knex } from 'knex';
import type { AppConfig } from './config/load';
import type { BackgroundTasks } from './lib/background-tasks';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { ConsumeRateLimit } from './lib/rate-limit';
import type { Mailer } from './modules/mail/mailer';
import type { SessionService } from './modules/identity/sessions/sessions.service';

/** Everything a feature module may use; built once in `createApp`, replaced piecemeal in tests. */
export interface AppDeps {
  config: AppConfig;
  db: Knex;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  rateLimit: ConsumeRateLimit;
  background: BackgroundTasks;
  /** The HTTPS agent push messages go out through (refuses private addresses unless configured otherwise). */
  pushAgent: Agent;
}
