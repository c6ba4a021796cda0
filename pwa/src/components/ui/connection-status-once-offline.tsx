import { lazy, Suspense, useState, useSyncExternalStore } from 'react';

// The status line's code (and its texts' component) loads the first time the connection drops: the public pages'
// first load only listens.
const ConnectionStatus = lazy(() =>
  import('./connection-status').then((module) => ({ default: module.ConnectionStatus })),
);

const subscribeToBrowserConnection = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Public pages: nothing while the connection has stayed up; from its first drop on, the status (also once back).
 * It reads the browser's own signal: the query library stays off the public pages until they query.
 */
export function ConnectionStatusOnceOffline() {
  const online = useSyncExternalStore(
    subscribeToBrowserConnection,
    () => navigator.onLine,
    () => true,
  );
  const [dropped, setDropped] = useState(!online);
  if (!online && !dropped) setDropped(true);
  return dropped ? (
    <Suspense fallback={null}>
      <ConnectionStatus online={online} />
    </Suspense>
  ) : null;
}
