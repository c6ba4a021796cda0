import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';
import { startSmtpCapture } from '../api/test/smtp-capture';
import type { CapturedMail } from './mail-capture';

// Started by playwright.config.ts as the first webServer (SMTP_CAPTURE_PORT, SMTP_CAPTURE_DIR); the app's SMTP_URL
// points here. Every message is accepted and kept, so specs that do not read mail are not affected by it.
const port = Number(process.env.SMTP_CAPTURE_PORT);
const dir = process.env.SMTP_CAPTURE_DIR;
if (!port || !dir) throw new Error('SMTP_CAPTURE_PORT and SMTP_CAPTURE_DIR must be set');
await mkdir(dir, { recursive: true });

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []]
    .flat()
    .flatMap((group) => group.value)
    .map((entry) => entry.address?.toLowerCase() ?? '');

let count = 0;
const capture = await startSmtpCapture({
  port,
  async onMail(mail) {
    const kept: CapturedMail = {
      to: addresses(mail.to),
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
    };
    // Written aside, then renamed: a spec reading the folder never sees half a file.
    const name = `${Date.now().toString().padStart(15, '0')}-${String((count += 1)).padStart(6, '0')}`;
    await writeFile(join(dir, `${name}.tmp`), JSON.stringify(kept, null, 2));
    await rename(join(dir, `${name}.tmp`), join(dir, `${name}.json`));
  },
});
// playwright.config.ts waits for this line before it starts the app.
console.log(`SMTP capture listening on ${capture.url}, keeping mail in ${dir}`);
