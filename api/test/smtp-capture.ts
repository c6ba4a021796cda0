import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCaptureOptions {
  /** 0 (the default) takes a free port; the e2e run gives a fixed one (e2e/mail-capture.ts). */
  port?: number;
  /** Called with each accepted mail before the server answers 250, so the sender's success means it was kept. */
  onMail?: (mail: ParsedMail) => void | Promise<void>;
}

/**
 * A real SMTP server on a local port that keeps what it receives, parsed; `refuse(true)` makes it answer every
 * message with a temporary failure (451), as a server in an outage does.
 */
export async function startSmtpCapture({ port: requestedPort = 0, onMail }: SmtpCaptureOptions = {}) {
  const received: ParsedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => done(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then(async (mail) => {
          await onMail?.(mail);
          received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(requestedPort, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on: boolean) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
