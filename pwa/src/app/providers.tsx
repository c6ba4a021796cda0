import { Suspense, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { Splash } from '../features/layout/splash';

/** The query cache is not here: each page brings it with its chunk (lib/query-provider.tsx), off the landing's first load. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // Everything below may wait for its first texts: the splash covers that wait.
    <Suspense fallback={<Splash />}>
      <ToastProvider>{children}</ToastProvider>
    </Suspense>
  );
}
