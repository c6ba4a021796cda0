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
// Each room owns the tables its migrations create; another room reaches them through the owner's service or api file
// (query builders to join in one statement, as ledger/ledger.api.ts hands out). api/lib owns the idempotency and
// rate-limit tables.
export const tablesOwnedBy = {
  identity: [
    'users',
    'sessions',
    'auth_tokens',
    'known_devices',
    'user_two_factor',
    'two_factor_recovery_codes',
    'pending_payout_addresses',
  ],
  ledger: ['ledger_accounts', 'ledger_entries', 'ledger_transactions', 'ledger_flow_totals'],
  plans: ['plans', 'plan_versions', 'plan_catalogue'],
  deposits: ['deposits', 'receipt_files'],
  withdrawals: ['withdrawals', 'payout_batches', 'operator_coins'],
  investments: ['investments'],
  'chain-deposits': [
    'chain_addresses',
    'chain_blocks',
    'chain_incidents',
    'chain_payments',
    'chain_scanners',
    'deposit_quotes',
  ],
  notifications: ['notifications', 'notification_deliveries', 'notification_preferences'],
  push: ['push_subscriptions', 'server_keys'],
  mail: ['mail_outbox'],
  audit: ['audit_log'],
  sanctions: ['sanctions_lists', 'sanctioned_addresses', 'sanctions_incidents'],
  kyc: ['kyc_submissions', 'kyc_documents', 'fund_holds', 'kyc_limit_settings'],
  terms: ['terms_acceptances', 'terms_versions'],
  contact: ['contact_messages'],
  newsletter: ['newsletter_subscribers'],
  market: ['market_snapshots'],
  'proof-of-liabilities': ['liability_leaves', 'liability_snapshots', 'liability_user_keys'],
  lib: ['idempotent_requests', 'rate_limits'],
};

/**
 * A string naming one of `tables` as SQL does: `'users as u'`, `'users.id'`, `from users` in raw SQL, or `'users'` as
 * the table of an executor call (`db('users')`) or of a join. A word alone elsewhere (`'users'` naming an export) is not.
 */
function tablesNamed(tables, message) {
  const names = tables.join('|');
  const aliasOrColumn = `/^(${names})(\\s+as\\s+\\w+$|\\.\\w)/`;
  const inSql = `/\\b(from|join|into|update)\\s+(${names})\\b/`;
  const alone = `/^(${names})$/`;
  const tableArgument = `CallExpression:matches([callee.name=${executorName}], [callee.property.name=/^(join|leftJoin|rightJoin|innerJoin|from|into|table)$/])[arguments.0.value=${alone}]`;
  return {
    selector: `:matches(Literal[value=${aliasOrColumn}], Literal[value=${inSql}], TemplateElement[value.raw=${inSql}], ${tableArgument})`,
    message,
  };
}

/** The tables of every room but `room`, one selector per owner so the message names it. */
export const otherRoomsTables = (room) =>
  Object.entries(tablesOwnedBy)
    .filter(([owner]) => owner !== room)
    .map(([owner, tables]) =>
      tablesNamed(
        tables,
        owner === 'lib'
          ? `${tables.join(', ')} belong to api/lib: use its helpers.`
          : `${tables.join(', ')} belong to api/modules/${owner}: use its service or ${owner}.api.ts.`,
      ),
    );
export const ledgerTablesOnlyInLedger = otherRoomsTables(undefined).filter((rule) => rule.message.includes('/ledger:'));

// Read models that join across rooms in one statement, for speed (the investor's dashboard, the admin desk's lists,
// reports and exports, the liability snapshot): they may name other rooms' tables, never the ledger's. A new one is a
// decision made here, not an accident.
export const crossRoomReadModels = [
  'api/modules/dashboard/dashboard.repo.ts',
  'api/modules/admin/admin-reports.repo.ts',
  'api/modules/admin/admin-export.repo.ts',
  'api/modules/admin/admin-users.repo.ts',
  'api/modules/proof-of-liabilities/proof-of-liabilities.repo.ts',
  // An investor's data export (issue 37): their rows in every room, one statement per table.
  'api/modules/privacy/privacy.repo.ts',
];

/** no-restricted-syntax for each room: queries only in repos (the ledger queries anywhere in its room), own tables only. */
const roomSyntaxRules = apiModules.flatMap((room) => {
  const files = [`api/modules/${room}/**/*.ts`];
  const tests = ['**/*.test.ts'];
  const queries = room === 'ledger' ? [] : queriesOnlyInRepos;
  return [
    {
      files,
      ignores: [...tests, '**/*.repo.ts', ...crossRoomReadModels],
      rules: { 'no-restricted-syntax': ['error', ...queries, ...otherRoomsTables(room)] },
    },
    {
      files: files.map((folder) => folder.replace('**/*.ts', '**/*.repo.ts')),
      ignores: [...tests, ...crossRoomReadModels],
      rules: { 'no-restricted-syntax': ['error', ...otherRoomsTables(room)] },
    },
  ];
});

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
    ignores: ['**/*.test.ts', 'api/test/**', '**/*.repo.ts', 'api/db/**', 'api/modules/**'],
    rules: { 'no-restricted-syntax': ['error', ...queriesOnlyInRepos, ...ledgerTablesOnlyInLedger] },
  },
  ...roomSyntaxRules,
  { files: crossRoomReadModels, rules: { 'no-restricted-syntax': ['error', ...ledgerTablesOnlyInLedger] } },
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
    files: ['api/lib/**/*.repo.ts'],
    rules: { 'no-restricted-syntax': ['error', ...otherRoomsTables('lib')] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'api/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
