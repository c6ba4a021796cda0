import { clearOutbox, makeWaitingDue, markForRetry, normalizeOwner, removeOutboxRow, rowFile } from './queue';
import { createOutboxDrainer } from './drainer';
import { requestBackgroundSync, SENT_MESSAGE, type SentMessage } from './background-sync';
import { uploadReceipt } from './receipt-upload';
import { isProfileRow } from '../offline/db';
import { saveConfirmedProfile, sendProfileEdit, type ProfileAnswer } from './profile-edit';

// The page's one drainer and the little state around it: whose rows it sends, upload progress (kept in
// memory: it changes many times a second and only this tab is uploading), and who hears of a sent row.

type Listener = () => void;
const notify = (listeners: Set<Listener>) => listeners.forEach((listener) => listener());

let owner: string | null = null;
const ownerListeners = new Set<Listener>();
const progress = new Map<string, number>();
const progressListeners = new Set<Listener>();
const sentListeners = new Set<(id: string) => void>();
const unauthorizedListeners = new Set<Listener>();
type RefusalListener = (id: string, refusal: { status: number; message: string }) => boolean;
const refusalListeners = new Set<RefusalListener>();

export const getOutboxOwner = () => owner;
export function setOutboxOwner(email: string | null) {
  const next = email ? normalizeOwner(email) : null;
  if (next === owner) return;
  owner = next;
  notify(ownerListeners);
}
export function subscribeOutboxOwner(listener: Listener) {
  ownerListeners.add(listener);
  return () => void ownerListeners.delete(listener);
}

export const getUploadProgress = (id: string) => progress.get(id);
export function subscribeUploadProgress(listener: Listener) {
  progressListeners.add(listener);
  return () => void progressListeners.delete(listener);
}

/** Hears of every row the server confirmed (sent by this page or by the service worker). */
export function onOutboxSent(listener: (id: string) => void) {
  sentListeners.add(listener);
  return () => void sentListeners.delete(listener);
}
/** The form showing a submission hears its refusal here and answers true when it shows the reason. */
export function onOutboxRefused(listener: RefusalListener) {
  refusalListeners.add(listener);
  return () => void refusalListeners.delete(listener);
}
export function onOutboxUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => void unauthorizedListeners.delete(listener);
}

export const outboxDrainer = createOutboxDrainer({
  send: (row, onProgress, signal) =>
    isProfileRow(row)
      ? sendProfileEdit(fetch, row, signal)
      : uploadReceipt(row.fields, rowFile(row), row.id, onProgress, signal),
  getOwner: () => owner,
  locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
  onProgress: (id, percent) => {
    if (percent === null) progress.delete(id);
    else progress.set(id, percent);
    notify(progressListeners);
  },
  onSent: (row, answer) => {
    if (isProfileRow(row)) void saveConfirmedProfile((answer as ProfileAnswer).user);
    sentListeners.forEach((listener) => listener(row.id));
  },
  onUnauthorized: () => notify(unauthorizedListeners),
  onRefused: (row, refusal) => [...refusalListeners].some((listener) => listener(row.id, refusal)),
  // The service worker replays them too, even after every tab of the site is closed.
  onWaiting: requestBackgroundSync,
});

if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<Partial<SentMessage>>) => {
    if (event.data?.type === SENT_MESSAGE && typeof event.data.id === 'string')
      sentListeners.forEach((listener) => listener(event.data.id!));
  });
}

/** Retry button: due now, then a pass (not awaited: the upload may take a while, its state shows live). */
export async function retryOutboxRow(id: string) {
  await markForRetry(id);
  void outboxDrainer.drain();
}

export const removeOutboxItem = (id: string) => removeOutboxRow(id);

/** The window's 'online' event: whatever waits is due now, backoff or not. */
export async function resumeOutbox() {
  if (owner) await makeWaitingDue(owner).catch(() => undefined);
  await outboxDrainer.drain();
}

/** Sign-out: nothing more is sent and the receipts leave this device. */
export async function discardOutbox() {
  outboxDrainer.stop({ abandonUpload: true });
  progress.clear();
  notify(progressListeners);
  await clearOutbox();
}
