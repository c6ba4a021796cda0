import type { NotificationKind } from '../../contracts/notifications';

// Outside delivery.ts, which imports the channels, so the channels name it without importing it back (a cycle).

/** A delivery row a worker has claimed, with what its channel needs to send it. */
export interface ClaimedDelivery {
  id: string;
  channel: 'email' | 'push';
  attempts: number;
  kind: NotificationKind;
  params: Record<string, unknown>;
  link: string;
  user_id: string;
  email: string;
  language: string;
  push_subscription_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}
