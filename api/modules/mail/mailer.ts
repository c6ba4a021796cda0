import nodemailer from 'nodemailer';
import type { Db } from '../../db/connect';
import type { Logger } from '../../lib/logger';
import { storeInMailOutbox } from './mail-outbox.repo';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (SMTP only: the outbox table keeps the text). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe (SMTP only). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * `executor` is where the outbox row is written: the caller's transaction when it runs inside one, else the root
   * database. The mailer holds no database of its own, so it cannot write beside a transaction (on PGlite, with
   * one connection, that write would wait for the transaction forever).
   */
  send(executor: Db, message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise the mail_outbox table, so development and tests can read it. */
export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(_executor, { to, subject, text, html, headers }) {
        await transport.sendMail({ from, to, subject, text, html, headers });
        logger.info({ to, subject }, 'mail sent');
      },
    };
  }
  return {
    async send(executor, { to, subject, text }) {
      const outboxId = await storeInMailOutbox(executor, { to, subject, text });
      // The body can hold a code or link: it stays in the table, never in the log.
      logger.info({ to, subject, outboxId }, 'mail stored in mail_outbox (no SMTP_URL set)');
    },
  };
}
