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
  /**
   * True when sending is only a row in mail_outbox: a caller can then send and record that it sent in one commit,
   * so a crash between the two cannot mail twice. SMTP cannot be part of a transaction.
   */
  readonly sendsIntoDatabase: boolean;
}

export interface MailerOptions {
  /** In development a mail with nowhere to go is also printed whole, code or link included. */
  nodeEnv: 'development' | 'production' | 'test';
  /** Where that copy is written: the terminal by default. */
  print?: (text: string) => void;
}

/**
 * A mail as a console mail back-end shows it (Django's, Rails' letter opener): who it is for, the subject, the
 * text with its code or link, between rules that set it apart from the log lines around it.
 */
export function consoleCopy({ to, subject, text }: MailMessage): string {
  const rule = '─'.repeat(60);
  return [
    `── mail (no SMTP_URL: not sent) ${'─'.repeat(29)}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    '',
    text,
    rule,
    '',
  ].join('\n');
}

/**
 * SMTP when configured; otherwise the mail_outbox table, so development and tests can read it, and in development a
 * copy on the terminal, since nobody can read the table while the embedded database runs.
 */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  logger: Logger,
  { nodeEnv, print = (text) => process.stdout.write(`${text}\n`) }: MailerOptions,
): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      sendsIntoDatabase: false,
      async send(_executor, { to, subject, text, html, headers }) {
        await transport.sendMail({ from, to, subject, text, html, headers });
        logger.info({ to, subject }, 'mail sent');
      },
    };
  }
  const printCopy = nodeEnv === 'development';
  return {
    sendsIntoDatabase: true,
    async send(executor, message) {
      const { to, subject, text } = message;
      const outboxId = await storeInMailOutbox(executor, { to, subject, text });
      // The body can hold a code or link: it stays in the table, never in the log (collected, kept, shared). Only a
      // development terminal sees it, printed apart from the log.
      logger.info({ to, subject, outboxId }, 'mail stored in mail_outbox (no SMTP_URL set)');
      if (printCopy) print(consoleCopy(message));
    },
  };
}
