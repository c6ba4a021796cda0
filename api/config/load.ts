import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, parseEnv, type Env } from './env';
import { acceptedCoins, isPlaceholderWallet, loadOperatorConfig, type OperatorConfig } from './operator';

export interface AppConfig {
  env: Env;
  operator: OperatorConfig;
  jwtSecret: string;
}

/** Development keeps one generated secret under DATA_DIR so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  const operator = loadOperatorConfig(env.OPERATOR_CONFIG);
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (!env.JWT_SECRET) problems.push('  JWT_SECRET: required in production');
    const placeholders = acceptedCoins.filter((coin) => isPlaceholderWallet(operator.wallets[coin]));
    if (placeholders.length > 0) {
      problems.push(`  wallets: placeholder addresses for ${placeholders.join(', ')} in ${env.OPERATOR_CONFIG}`);
    }
    if (problems.length > 0) throw new ConfigError(`Refusing to start in production:\n${problems.join('\n')}`);
  }
  const jwtSecret = env.JWT_SECRET ?? developmentSecret(env.DATA_DIR);
  return { env, operator, jwtSecret };
}
