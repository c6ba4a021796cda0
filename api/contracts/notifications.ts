import { z } from 'zod';
import { safeString } from './input-rules';

/** The money events a person is told about; each has a title and a body in locales/<language>/notifications.json. */
export const notificationKinds = [
  'deposit.confirmed',
  'deposit.rejected',
  'withdrawal.requested',
  'withdrawal.paid',
  'withdrawal.rejected',
  'plan.bought',
  'plan.matured',
  'referral.bonus',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What a person may choose to get by e-mail; a kind's category is its first part. */
export const notificationCategories = ['deposit', 'withdrawal', 'plan', 'referral'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
export const categoryOf = (kind: NotificationKind) => kind.split('.')[0] as NotificationCategory;

export interface NotificationPreference {
  category: NotificationCategory;
  email: boolean;
}

/** PUT /api/notification-preferences: one category's e-mail on or off. */
export const preferenceSchema = z.object({ category: z.enum(notificationCategories), email: z.boolean() }).strict();

/** One notification as GET /api/notifications answers it, written in the reader's language. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  readAt: string | null;
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
