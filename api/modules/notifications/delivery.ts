import type { AppDeps } from '../../app-deps';
import { categoryOf, type NotificationKind } from '../../contracts/notifications';
import { mailFooter, renderNotification } from './render';
import { unsubscribeToken } from './unsubscribe-token';

/** A claim lasts this long: a worker that dies holding one lets another take it after that (the mail may repeat). */
const leaseMs = 60_000;
const maxAttempts = 10;
/** 30 s, 1 min, 2 min … at most an hour between tries. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

interface ClaimedDelivery {
  id: string;
  attempts: number;
  kind: NotificationKind;
  params: Record<string, unknown>;
  link: string;
  user_id: string;
  email: string;
  language: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Sends the e-mails that are due. Deliveries are claimed (attempt counted, lease set) in a short transaction with
 * SKIP LOCKED, so replicas never take the same one; each is marked sent after the SMTP server accepts it, or given
 * a later try with back-off. Returns how many were sent and how many failed this round.
 */
export async function deliverDueNotifications({ db, clock, mailer, config, logger }: AppDeps, batchSize = 20) {
  const now = clock.now();
  const claimed = await db.transaction(async (trx) => {
    const due = await trx('notification_deliveries')
      .where({ status: 'pending', channel: 'email' })
      .andWhere('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .pluck('id');
    if (due.length === 0) return [];
    await trx('notification_deliveries')
      .whereIn('id', due)
      .update({ attempts: trx.raw('attempts + 1'), next_attempt_at: new Date(now.getTime() + leaseMs) });
    return trx('notification_deliveries as d')
      .join('notifications as n', 'n.id', 'd.notification_id')
      .join('users as u', 'u.id', 'n.user_id')
      .whereIn('d.id', due)
      .select<ClaimedDelivery[]>(
        'd.id',
        'd.attempts',
        'n.kind',
        'n.params',
        'n.link',
        'n.user_id',
        'u.email',
        'u.language',
      );
  });
  let sent = 0;
  let failed = 0;
  for (const delivery of claimed) {
    const { title, body } = renderNotification(delivery.kind, delivery.params, delivery.language);
    const url = `${config.env.PUBLIC_URL}${delivery.link}`;
    const preferencesUrl = `${config.env.PUBLIC_URL}/user-profile?tab=security`;
    const footer = mailFooter(delivery.language, url, config.operator.siteName, preferencesUrl);
    const token = unsubscribeToken(config.jwtSecret, delivery.user_id, categoryOf(delivery.kind));
    try {
      await mailer.send({
        to: delivery.email,
        subject: title,
        text: `${body}\n\n${footer.open}\n\n${footer.why}\n${footer.preferences}\n`,
        html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(footer.open)}</a></p><p style="color:#666">${escapeHtml(footer.why)}<br>${escapeHtml(footer.preferences)}</p>`,
        // RFC 8058: a mail client's one-click unsubscribe POSTs to this address; it stops this category's e-mail.
        headers: {
          'List-Unsubscribe': `<${config.env.PUBLIC_URL}/api/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await db('notification_deliveries')
        .where({ id: delivery.id })
        .update({ status: 'sent', sent_at: clock.now(), last_error: null });
      sent++;
    } catch (error) {
      failed++;
      const attempts = Number(delivery.attempts);
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ deliveryId: delivery.id, attempts, err: message }, 'notification e-mail failed; will retry');
      await db('notification_deliveries')
        .where({ id: delivery.id })
        .update(
          attempts >= maxAttempts
            ? { status: 'failed', last_error: message }
            : { next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(attempts)), last_error: message },
        );
    }
  }
  return { sent, failed };
}

/** Sends due notification e-mails every few seconds, in `npm start` and `npm run jobs`; safe on every replica. */
export function scheduleNotificationDelivery(deps: AppDeps, intervalMs = 5_000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const { sent, failed } = await deliverDueNotifications(deps);
        if (sent > 0) deps.logger.info({ sent }, 'notification e-mails sent');
        if (sent === 0 || failed > 0) break;
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'notification delivery failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
