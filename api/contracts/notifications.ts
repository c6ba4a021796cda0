import { z } from 'zod';
import { safeString } from './input-rules';

/** The money events a person is told about; each has a title and a body in locales/<language>/notifications.json. */
export const notificationKinds = [
  'deposit.seen',
  'deposit.confirmed',
  'deposit.rejected',
  'deposit.held',
  'deposit.released',
  'withdrawal.requested',
  'withdrawal.approved',
  'withdrawal.sent',
  'withdrawal.paid',
  'withdrawal.rejected',
  'plan.bought',
  'plan.matured',
  'referral.bonus',
  'kyc.approved',
  'kyc.rejected',
  'security.payout-address',
  'operator.receipt',
  'operator.withdrawal',
  'operator.chain',
  'operator.payout-dropped',
  'operator.payout-conflict',
  'operator.sanctions',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What a person may choose to get by e-mail and by push; a kind's category is its first part. */
export const notificationCategories = ['deposit', 'withdrawal', 'plan', 'referral'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
/**
 * Security notices cannot be turned off; operators' notices come to every admin, mailed as one digest at most every
 * `OPERATOR_DIGEST_MINUTES`.
 */
export type KindCategory = NotificationCategory | 'security' | 'operator' | 'kyc';
export const categoryOf = (kind: NotificationKind) => kind.split('.')[0] as KindCategory;
export const isChoosable = (category: KindCategory): category is NotificationCategory =>
  (notificationCategories as readonly string[]).includes(category);
export const OPERATOR_DIGEST_MINUTES = 15;

export const notificationChannels = ['email', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export interface NotificationPreference {
  category: NotificationCategory;
  email: boolean;
  push: boolean;
}

/** PUT /api/notification-preferences: one category's e-mail and/or push on or off. */
export const preferenceSchema = z
  .object({ category: z.enum(notificationCategories), email: z.boolean().optional(), push: z.boolean().optional() })
  .strict()
  .refine((choice) => choice.email !== undefined || choice.push !== undefined, 'must set email, push or both');
export type PreferenceChoice = z.infer<typeof preferenceSchema>;

/** What a push message carries, and no more: the service worker shows it and opens `link` on a tap. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
}

/** One notification as GET /api/notifications answers it, written in the reader's language. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  readAt: string | null;
  /** An operator's notice of work waiting (a receipt, a withdrawal): when that work was decided. Absent otherwise. */
  doneAt?: string;
}

export interface NotificationsPage {
  notifications: NotificationView[];
  unread: number;
  total: number;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** POST /api/notifications/read: some (`ids`) or every (`all: true`) notification of the caller. */
export const markReadSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z
    .object({
      ids: z
        .array(safeString().regex(/^\d{1,18}$/, 'must be notification ids'))
        .min(1)
        .max(100),
    })
    .strict(),
]);
