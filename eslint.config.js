import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featuresDir = './pwa/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Arrows point one way: app -> features -> shared (components/ui, lib, config); features never import each other;
// the API never imports the PWA, and the PWA sees only the API's contracts.
const featureBoundaries = features.map((feature) => ({
  target: `${featuresDir}/${feature}`,
  from: featuresDir,
  except: [`./${feature}`],
  message: 'Features never import each other: move what both need to components/ui, lib or config.',
}));
const sharedFolders = ['./pwa/src/components', './pwa/src/lib', './pwa/src/config'];

export const importBoundaries = [
  ...featureBoundaries,
  ...sharedFolders.map((target) => ({
    target,
    from: [featuresDir, './pwa/src/app'],
    message: 'Shared code never imports a feature or the app.',
  })),
  { target: featuresDir, from: './pwa/src/app', message: 'Features never import the app.' },
  { target: './api', from: './pwa', message: 'The API never imports the PWA.' },
  {
    target: './api/contracts',
    from: './api/modules',
    message: 'Contracts are shared with the PWA: no server imports.',
  },
  { target: './pwa', from: './api', except: ['./contracts'], message: 'The PWA sees only api/contracts.' },
  // Shared API code points down: lib imports neither middleware nor a module, middleware no module (they are passed in).
  {
    target: './api/lib',
    from: ['./api/modules', './api/middleware'],
    message: 'api/lib imports no module or middleware.',
  },
  { target: './api/middleware', from: './api/modules', message: 'Middleware imports no module: app.ts passes it in.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      // Without a TypeScript resolver, extensionless `.ts` imports never resolve and the boundaries never fire.
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': ['error', { zones: importBoundaries }],
      'import/no-unresolved': ['error', { ignore: ['^virtual:', '\\?'] }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'api/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
