import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Defence in depth: even if a handler logs a body, these never reach the log.
    redact: {
      paths: ['password', '*.password', '*.newPassword', '*.oldPassword', 'token', '*.token',
        'req.headers.authorization', 'req.headers.cookie', 'authorization', 'cookie'],
      censor: '[redacted]',
    },
  });
}
