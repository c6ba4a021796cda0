import type { AppDeps } from '../../app-deps';
import { OPERATOR_DIGEST_MINUTES, type NotificationKind } from '../../contracts/notifications';
import { escapeHtml } from './email-channel';
import { digestTexts, renderNotification } from './render';
import { maxAttempts, retryDelayMs } from './retry-policy';

const windowMs = OPERATOR_DIGEST_MINUTES * 60_000;

interface DigestItem {
  id: string;
  kind: NotificationKind;
  params: Record<string, unknown>;
  link: string;
  created_at: Date;
  attempts: number;
}

/**
 * Mails each admin the operators' notices that came since their last digest, as one e-mail at most every
 * OPERATOR_DIGEST_MINUTES, so a busy hour sends four mails, not a hundred. One admin's digest is built and sent
 * inside one transaction holding an advisory lock on that admin: two replicas never send it twice, and a crash
 * before the commit leaves the notices pending for the next try (the mail may repeat, never be lost).
 */
export async function sendDueDigests(deps: AppDeps) {
  const { db, clock, mailer, config, logger } = deps;
  const now = clock.now();
  const admins: { user_id: string }[] = await db('notification_deliveries as d')
    .join('notifications as n', 'n.id', 'd.notification_id')
    .where({ 'd.channel': 'digest', 'd.status': 'pending' })
    .andWhere('d.next_attempt_at', '<=', now)
    .distinct('n.user_id');
  let sentCount = 0;
  for (const { user_id: userId } of admins) {
    await db.transaction(async (trx) => {
      const { rows } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [
        `operator-digest:${userId}`,
      ]);
      if (!rows[0].locked) return;
      const last = await trx('notification_deliveries as d')
        .join('notifications as n', 'n.id', 'd.notification_id')
        .where({ 'n.user_id': userId, 'd.channel': 'digest', 'd.status': 'sent' })
        .max<{ at: Date | null }>('d.sent_at as at')
        .first();
      const pending = () =>
        trx('notification_deliveries as d')
          .join('notifications as n', 'n.id', 'd.notification_id')
          .where({ 'n.user_id': userId, 'd.channel': 'digest', 'd.status': 'pending' });
      const nextAllowed = last?.at ? new Date(new Date(last.at).getTime() + windowMs) : now;
      if (nextAllowed > now) {
        await trx('notification_deliveries')
          .whereIn('id', pending().select('d.id'))
          .update({ next_attempt_at: nextAllowed });
        return;
      }
      const items = await pending()
        .andWhere('d.next_attempt_at', '<=', now)
        .orderBy('n.created_at')
        .select<DigestItem[]>('d.id', 'n.kind', 'n.params', 'n.link', 'n.created_at', 'd.attempts');
      if (items.length === 0) return;
      const user = await trx('users')
        .where({ id: userId })
        .first<{ email: string; language: string }>('email', 'language');
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
        await trx('notification_deliveries')
          .whereIn(
            'id',
            items.map((item) => item.id),
          )
          .update({
            attempts: trx.raw('attempts + 1'),
            ...(givingUp
              ? { status: 'failed' }
              : { next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)) }),
            last_error: message,
          });
        return;
      }
      await trx('notification_deliveries')
        .whereIn(
          'id',
          items.map((item) => item.id),
        )
        .update({ status: 'sent', sent_at: now, attempts: trx.raw('attempts + 1'), last_error: null });
      sentCount++;
    });
  }
  return sentCount;
}
