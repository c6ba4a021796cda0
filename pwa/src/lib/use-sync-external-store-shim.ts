// What react-i18next imports as `use-sync-external-store/shim` (vite.config.ts): the shim exists for React 17 and
// older; React 19 has the hook itself, so the shim's fallback code stays off the landing's first load.
export { useSyncExternalStore } from 'react';
