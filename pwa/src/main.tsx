import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import './styles/tokens.css';
import './styles/base.css';

void initI18n();
registerSW({ immediate: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
