import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './i18n-setup';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);
