import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { Splash } from '../features/layout/splash';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Everything below may wait for its first texts: the splash covers that wait. */}
      <Suspense fallback={<Splash />}>
        <ToastProvider>{children}</ToastProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
