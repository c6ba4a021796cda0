import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import './i18n-setup';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

// findBy*/waitFor give up after 1 s by default: too short when the whole suite shares 2 cores (CI runs the API
// projects beside this one). A slow answer still has to arrive; only the patience changes.
configure({ asyncUtilTimeout: 5_000 });
