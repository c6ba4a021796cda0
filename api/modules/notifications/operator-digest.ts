import type { AppDeps } from '../../app-deps';
import { OPERATOR_DIGEST_MINUTES } from '../../contracts/notifications';
import { deliveriesRepo } from './deliveries.repo';
import { escapeHtml } from './email-channel';
import { notificationsRepo } from './notifications.repo';
import { digestTexts, renderNotification } from './render';
import { maxAttempts, retryDelayMs } from './retry-policy';

const windowMs = OPERATOR_DIGEST_MINUTES * 60_000;

/**
 * Mails each admin the operators' notices that came since their last digest, as one e-mail at most every
 * OPERATOR_DIGEST_MINUTES, so a busy hour sends four mails, not a hundred. One admin's digest is built and sent
 * inside one transaction holding an advisory lock on that admin: two replicas never send it twice, and a crash
 * before the commit leaves the notices pending for the next try (the mail may repeat, never be lost).
 */
export async function sendDueDigests(deps: AppDeps) {
  const { db, clock, mailer, config, logger } = deps;
  const now = clock.now();
  const admins = await deliveriesRepo.findDigestRecipients(db, now);
  let sentCount = 0;
  for (const userId of admins) {
    await db.transaction(async (trx) => {
      if (!(await deliveriesRepo.tryLockDigestOf(trx, userId))) return;
      const lastSentAt = await deliveriesRepo.lastDigestSentAt(trx, userId);
      const nextAllowed = lastSentAt ? new Date(new Date(lastSentAt).getTime() + windowMs) : now;
      if (nextAllowed > now) {
        await deliveriesRepo.postponeDigest(trx, userId, nextAllowed);
        return;
      }
      const items = await deliveriesRepo.dueDigestItems(trx, userId, now);
      if (items.length === 0) return;
      const user = await notificationsRepo.recipient(trx, userId);
      const lines = items.map((item) => ({
        ...renderNotification(item.kind, item.params, user.language),
        url: `${config.env.PUBLIC_URL}${item.link}`,
      }));
      const texts = digestTexts(user.language, items.length, config.operator.siteName);
      try {
        await mailer.send(trx, {
          to: user.email,
          subject: texts.subject,
          text: `${texts.intro}\n\n${lines.map((line) => `- ${line.title}\n  ${line.body}\n  ${line.url}`).join('\n\n')}\n`,
          html: `<p>${escapeHtml(texts.intro)}</p><ul>${lines
            .map(
              (line) =>
                `<li><p><a href="${escapeHtml(line.url)}"><strong>${escapeHtml(line.title)}</strong></a><br>${escapeHtml(line.body)}</p></li>`,
            )
            .join('')}</ul>`,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Capped like every delivery: the notices stay on the bell, only their mail is given up.
        const attempts = Math.max(...items.map((item) => Number(item.attempts))) + 1;
        const givingUp = attempts >= maxAttempts;
        logger.warn(
          { userId, notices: items.length, attempts, err: message },
          givingUp ? 'operator digest failed; giving up' : 'operator digest failed; will retry',
        );
        await deliveriesRepo.recordFailedDigest(
          trx,
          items.map((item) => item.id),
          givingUp ? { status: 'failed' } : { next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)) },
          message,
        );
        return;
      }
      await deliveriesRepo.markDigestSent(
        trx,
        items.map((item) => item.id),
        now,
      );
      sentCount++;
    });
  }
  return sentCount;
}
