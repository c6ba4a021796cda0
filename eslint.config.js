import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Features never import each other, and the API never imports the PWA: arrows point one way.
const featureBoundaries = [
  'about', 'auth', 'contact', 'home', 'layout', 'portfolio', 'services',
  'investor-shell', 'dashboard', 'transactions', 'referrals', 'profile', 'deposit', 'plans', 'withdraw', 'outbox',
].map((feature) => ({
  target: `./pwa/src/features/${feature}`,
  from: './pwa/src/features',
  except: [`./${feature}`],
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': ['error', {
        zones: [
          ...featureBoundaries,
          { target: './api', from: './pwa' },
          { target: './api/contracts', from: './api/modules' },
          { target: './pwa', from: './api', except: ['./contracts'] },
        ],
      }],
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
