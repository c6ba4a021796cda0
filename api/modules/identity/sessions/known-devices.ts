import type { AppDeps } from '../../../app-deps';
import type { SignInRequest } from '../../../lib/sign-in-request';
import { hashSecret } from '../../../lib/tokens';
import { rememberDevice } from './known-devices.repo';
import { describeBrowser } from './user-agent';

type Browser = Pick<SignInRequest, 'deviceId' | 'userAgent' | 'ip'>;

/** The browsers each account has signed in from, by device cookie, stored per account only as a keyed hash. */
export function createKnownDevices({ db, clock, config, mailer, background, logger }: AppDeps) {
  const siteName = config.operator.siteName;
  const publicUrl = config.env.PUBLIC_URL;

  /** Records this browser for the account; true when the account had not seen it before. */
  const remember = (deviceId: string, userId: string) =>
    rememberDevice(db, userId, hashSecret(deviceId, config.jwtSecret), clock.now());

  return {
    /** At sign-up the browser is the account's first: known, nothing to tell. */
    rememberWithoutNotice: (browser: Browser, userId: string) => remember(browser.deviceId, userId),

    /** At sign-in a browser not seen before on this account e-mails its owner. */
    async noticeNewBrowser(browser: Browser, user: { id: string; email: string }) {
      if (!(await remember(browser.deviceId, user.id))) return;
      const at = clock.now();
      const device = describeBrowser(browser.userAgent);
      const { ip } = browser;
      background.run('new browser notice', async () => {
        try {
          await mailer.send(db, {
            to: user.email,
            subject: `${siteName}: sign-in from a new browser`,
            text: [
              `Your ${siteName} account was signed in to from a browser it had not seen before:`,
              '',
              `When: ${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
              `Device: ${device}`,
              `Address: ${ip}`,
              '',
              'If this was you, nothing needs doing.',
              `Not you? Reset your password now: ${publicUrl}/reset-password`,
              'Then sign out every other session under Profile, Security.',
            ].join('\n'),
          });
        } catch (error) {
          logger.error({ err: error, subject: 'new browser notice' }, 'mail could not be sent');
        }
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
