import type { Knex } from 'knex';
import type { AppDeps } from './app-deps';
import type { AppConfig } from './config/load';
import { createBackgroundTasks } from './lib/background-tasks';
import { systemClock, type Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { createRateLimits } from './lib/rate-limit';
import { createMailer } from './modules/mail/mailer';
import { createPushAgent } from './modules/push/endpoint-guard';
import { createSessionService } from './modules/identity/sessions/sessions.service';

/** Wires the shared services from configuration; tests pass their own clock. */
export function composeDeps(config: AppConfig, db: Knex, logger: Logger, clock: Clock = systemClock): AppDeps {
  return {
    config,
    db,
    logger,
    clock,
    mailer: createMailer(config.env.SMTP_URL, config.operator.supportEmail, logger, { nodeEnv: config.env.NODE_ENV }),
    sessions: createSessionService(config.jwtSecret, clock),
    rateLimit: createRateLimits(db, config.env.RATE_LIMITS === 'on'),
    background: createBackgroundTasks(logger),
    pushAgent: createPushAgent({ allowPrivateEndpoints: config.env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'on' }),
  };
}
