import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToUpdate, updateIsWaiting } from '../../lib/install-and-update/app-update';

// The banner loads once a new version waits: rarely, and never on a first visit's critical path.
const UpdateBanner = lazy(() => import('./update-banner').then((module) => ({ default: module.UpdateBanner })));

/** "Update available, Reload": shown on every screen once a new version waits. */
export function UpdatePrompt() {
  const available = useSyncExternalStore(subscribeToUpdate, updateIsWaiting, () => false);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
