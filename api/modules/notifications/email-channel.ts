import type { AppDeps } from '../../app-deps';
import { categoryOf, isChoosable } from '../../contracts/notifications';
import type { ClaimedDelivery } from './claimed-delivery';
import { mailFooter, renderNotification } from './render';
import { unsubscribeToken } from './unsubscribe-token';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One notification as an e-mail in the reader's language, plain text and HTML. */
export async function sendNotificationEmail({ db, mailer, config }: AppDeps, delivery: ClaimedDelivery) {
  const { title, body } = renderNotification(delivery.kind, delivery.params, delivery.language);
  const url = `${config.env.PUBLIC_URL}${delivery.link}`;
  const preferencesUrl = `${config.env.PUBLIC_URL}/user-profile?tab=security`;
  const footer = mailFooter(delivery.language, url, config.operator.siteName, preferencesUrl);
  const category = categoryOf(delivery.kind);
  const choosable = isChoosable(category);
  const why = choosable ? footer.why : footer.whySecurity;
  const closing = choosable ? footer.preferences : footer.security;
  await mailer.send(db, {
    to: delivery.email,
    subject: title,
    text: `${body}\n\n${footer.open}\n\n${why}\n${closing}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(footer.open)}</a></p><p style="color:#666">${escapeHtml(why)}<br>${escapeHtml(closing)}</p>`,
    // RFC 8058: a mail client's one-click unsubscribe POSTs to this address; it stops this category's e-mail.
    // Security notices have none: they cannot be turned off.
    ...(choosable && {
      headers: {
        'List-Unsubscribe': `<${config.env.PUBLIC_URL}/api/unsubscribe?token=${unsubscribeToken(config.jwtSecret, delivery.user_id, category)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  });
}
