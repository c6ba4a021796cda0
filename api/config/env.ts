import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const onOff = z.enum(['on', 'off']);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number from 0 to 65535' }).int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // transaction: a transaction-pooling PgBouncer sits between the API and PostgreSQL, so no query may name a
  // prepared statement (the next transaction can land on another server connection). session: a direct connection.
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  // Connections each process keeps open (the API's pool, or the jobs worker's).
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number of connections from 1 to 100' })
    .int()
    .min(1)
    .max(100)
    .default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  PUBLIC_URL: z.url('must be a URL such as https://invest.example.com').optional(),
  RATE_LIMITS: onOff.default('on'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  // pretty: one readable line per entry; json: one JSON object per line. Unset: pretty on a development terminal.
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  // How many proxies in front of the app append to X-Forwarded-For: off = 0, on = 1, or a number.
  TRUST_PROXY: z
    .string()
    .regex(/^(on|off|\d{1,2})$/, 'must be on, off or the number of trusted proxy hops')
    .default('off')
    .transform((value) => (value === 'off' ? 0 : value === 'on' ? 1 : Number(value))),
  DATA_DIR: z.string().default('./data'),
  OPERATOR_CONFIG: z.string().default('./operator.config.json'),
  // Hours a confirmed change of payout address waits before withdrawals may use it.
  PAYOUT_ADDRESS_HOLD_HOURS: z.coerce
    .number({ error: 'must be a number of hours from 0 to 720' })
    .min(0)
    .max(720)
    .default(24),
  // Web Push signing keys (RFC 8292, base64url as `npx web-push generate-vapid-keys` prints them); unset, a pair is
  // made on the first start and kept in the database.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url P-256 public key (87 characters starting with B)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  // Who push services may contact about this server's messages: mailto: or https: (default: the support e-mail).
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
    .optional(),
  // on lets push endpoints resolve to private or loopback addresses: tests and closed networks only.
  PUSH_ALLOW_PRIVATE_ENDPOINTS: onOff.default('off'),
  // The version of the terms and risk disclosure investors must have accepted; overrides operator.config.json's
  // termsVersion (bump it when locales/<lang>/terms.json changes).
  TERMS_VERSION: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, dashes or underscores')
    .optional(),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Parses the environment; empty strings count as unset. One line per bad value. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}
