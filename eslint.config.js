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

// API modules are rooms: one module uses another only through its services (`*.service.ts`) or the small `*.api.ts`
// it exports for others, never its repos or other internals. Tests and the composition root (api/app.ts, scripts)
// may reach further.
const apiModulesDir = './api/modules';
const apiModules = readdirSync(apiModulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiModulesAbsolute = new URL(apiModulesDir, import.meta.url).pathname;
export const apiModuleZones = apiModules.map((module) => ({
  target: `${apiModulesDir}/${module}`,
  from: apiModules.filter((other) => other !== module).map((other) => `${apiModulesAbsolute}/${other}/**`),
  except: ['**/*.service.ts', '**/*.api.ts'],
  message: 'Use another module only through its *.service.ts or *.api.ts, never its repo or internals.',
}));

// Queries live in repos. Elsewhere a Knex executor, named db, trx or executor so that this rule sees it, is only passed
// along or opens a transaction. Ledger tables are named only inside the ledger module, which owns them.
const executorName = '/^(db|trx|executor|knex|tx)$/';
const queryMethods =
  '/^(raw|select|insert|update|del|delete|from|into|table|where|whereIn|with|withRecursive|first|count|sum|max|min|pluck|increment|decrement|upsert|onConflict|returning|join|leftJoin|queryBuilder|fn|schema|ref)$/';
const repoOnly = "Queries live in *.repo.ts: move this one into the module's repo.";
export const queriesOnlyInRepos = [
  { selector: `CallExpression[callee.type='Identifier'][callee.name=${executorName}]`, message: repoOnly },
  {
    selector: `MemberExpression[object.type='Identifier'][object.name=${executorName}][property.name=${queryMethods}]`,
    message: repoOnly,
  },
  { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='raw']", message: repoOnly },
  {
    selector:
      "Identifier:not([name=/^(db|trx|executor)$/]) > TSTypeAnnotation > TSTypeReference > :matches(Identifier[name=/^(Knex|Db)$/], TSQualifiedName[left.name='Knex'][right.name='Transaction'])",
    message: 'Name a Knex executor db, trx or executor, so that the rule keeping queries in repos sees it.',
  },
];
export const ledgerTablesOnlyInLedger = [
  {
    selector:
      ':matches(Literal[value=/\\bledger_(accounts|entries|transactions|flow_totals)\\b/], TemplateElement[value.raw=/\\bledger_(accounts|entries|transactions|flow_totals)\\b/])',
    message: 'Ledger tables belong to api/modules/ledger: read them through ledger.api.ts.',
  },
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
    files: ['api/**/*.ts'],
    ignores: ['**/*.test.ts', 'api/test/**'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...importBoundaries, ...apiModuleZones] }] },
  },
  {
    files: ['api/**/*.ts'],
    ignores: ['**/*.test.ts', 'api/test/**', '**/*.repo.ts', 'api/db/**', 'api/modules/ledger/**'],
    rules: { 'no-restricted-syntax': ['error', ...queriesOnlyInRepos, ...ledgerTablesOnlyInLedger] },
  },
  {
    // Services and repos hold rules and queries, not HTTP: the route turns a request into plain values.
    files: ['api/**/*.service.ts', 'api/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['koa', '@koa/router', 'koa-body'], patterns: ['**/lib/routing', '**/middleware/*'] },
      ],
    },
  },
  {
    // A route parses, checks the caller, calls a service and presents; even its own module's repo is out of its
    // reach. Routes are neither services nor repos, so this block and the one above never set the rule for one file.
    files: ['api/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The second spelling because tsconfig allows importing with the .ts extension.
            { group: ['**/*.repo', '**/*.repo.ts'], message: 'A route calls a service; the service calls the repo.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.repo.ts', 'api/db/**'],
    ignores: ['api/modules/ledger/**'],
    rules: { 'no-restricted-syntax': ['error', ...ledgerTablesOnlyInLedger] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'api/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
