import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { UpdatePrompt } from '../components/ui/update-prompt';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app under a router: the browser's at start-up (start.tsx), a static one when the public pages are rendered
 * at build time (prerender.tsx). One tree for both, so what the browser hydrates is what was rendered.
 */
export function App({ Router }: { Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <AppProviders>
        <Router>
          <AppRoutes />
        </Router>
        <UpdatePrompt />
        <RunningMark />
      </AppProviders>
    </StrictMode>
  );
}

/** `data-react` on <html> once React has committed the page (hydrated it, or rendered it): tests and benchmarks wait for it. */
function RunningMark() {
  useEffect(() => document.documentElement.setAttribute('data-react', ''), []);
  return null;
}
