import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// As in eslint-boundaries.test.ts: the probes exist only as text, linted as if they were the file at `filePath`.
const eslint = new ESLint({ cwd: import.meta.dirname, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function rulesFiredOn(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('API import boundaries: shared code points down (eslint.config.js)', () => {
  it('refuses api/lib importing a module', async () => {
    const fired = await rulesFiredOn(
      'api/lib/probe.ts',
      "import { createMailer } from '../modules/mail/mailer';\nexport const probe = createMailer;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it('refuses api/lib importing middleware', async () => {
    const fired = await rulesFiredOn(
      'api/lib/probe.ts',
      "import { refuseUnreadableBody } from '../middleware/body-errors';\nexport const probe = refuseUnreadableBody;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it("refuses middleware importing a module's repo", async () => {
    const fired = await rulesFiredOn(
      'api/middleware/probe.ts',
      "import { recordAudit } from '../modules/audit/audit.repo';\nexport const probe = recordAudit;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it('lets middleware import lib and the contracts, and lib import lib', async () => {
    const middleware = await rulesFiredOn(
      'api/middleware/probe.ts',
      "import { badRequest } from '../lib/domain-errors';\nimport { intId } from '../contracts/input-rules';\nexport const probe = [badRequest, intId];\n",
    );
    const lib = await rulesFiredOn(
      'api/lib/probe.ts',
      "import { badRequest } from './domain-errors';\nexport const probe = badRequest;\n",
    );
    expect(middleware).toEqual([]);
    expect(lib).toEqual([]);
  });
});

// The probes name modules that exist on disk (the zones are built from the folders): market, plans, ledger, audit.
describe('API rooms: modules meet through services, queries live in repos (eslint.config.js)', () => {
  it("refuses a route importing another module's repo", async () => {
    const fired = await rulesFiredOn(
      'api/modules/plans/probe.routes.ts',
      "import { recordAudit } from '../audit/audit.repo';\nexport const probe = recordAudit;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it("refuses a route importing a repo, even its own module's", async () => {
    for (const source of [
      "import { plansRepo } from './plans.repo';\nexport const probe = plansRepo;\n",
      "import type { PlanRow } from './plans.repo';\nexport type Probe = PlanRow;\n",
      "import { plansRepo } from './plans.repo.ts';\nexport const probe = plansRepo;\n",
      "import { marketSnapshotsRepo } from '../market/market.repo';\nexport const probe = marketSnapshotsRepo;\n",
    ]) {
      expect(await rulesFiredOn('api/modules/plans/probe.routes.ts', source), source).toContain(
        'no-restricted-imports',
      );
    }
  });

  it('lets a route import its own service and presenter', async () => {
    const fired = await rulesFiredOn(
      'api/modules/plans/probe.routes.ts',
      "import { planOnSale } from './plans.service';\nimport { presentPlan } from './plans.presenter';\nexport const probe = [planOnSale, presentPlan];\n",
    );
    expect(fired).toEqual([]);
  });

  it("lets a module use another module's service or api file", async () => {
    const fired = await rulesFiredOn(
      'api/modules/plans/probe.service.ts',
      "import { postTransfer } from '../ledger/ledger.service';\nexport const probe = postTransfer;\n",
    );
    expect(fired).toEqual([]);
  });

  it('refuses a service importing koa or taking a Context', async () => {
    const fired = await rulesFiredOn(
      'api/modules/plans/probe.service.ts',
      "import type { Context } from 'koa';\nexport const probe = (ctx: Context) => ctx.ip;\n",
    );
    expect(fired).toContain('no-restricted-imports');
  });

  it('refuses a query in a service, a route or any non-repo file', async () => {
    for (const [file, source] of [
      [
        'api/modules/plans/probe.service.ts',
        "import type { Knex } from 'knex';\nexport const probe = (trx: Knex.Transaction) => trx('plans').where({ id: 1 });\n",
      ],
      [
        'api/modules/plans/probe.routes.ts',
        "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db.raw('select 1');\n",
      ],
      [
        'api/lib/probe.ts',
        "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db.select('id').from('plans');\n",
      ],
    ] as Array<[string, string]>) {
      expect(await rulesFiredOn(file, source), file).toContain('no-restricted-syntax');
    }
  });

  it('refuses an executor under another name, which the query rule could not see', async () => {
    const fired = await rulesFiredOn(
      'api/modules/plans/probe.service.ts',
      "import type { Knex } from 'knex';\nexport const probe = async (connection: Knex) => connection.transaction(async () => 1);\n",
    );
    expect(fired).toContain('no-restricted-syntax');
  });

  it('lets a service open a transaction and hand it to a repo, and a repo query', async () => {
    const service = await rulesFiredOn(
      'api/modules/plans/probe.service.ts',
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex, save: (trx: Knex.Transaction) => Promise<void>) => db.transaction((trx) => save(trx));\n",
    );
    const repo = await rulesFiredOn(
      'api/modules/plans/probe.repo.ts',
      "import type { Knex } from 'knex';\nexport const probe = (executor: Knex) => executor('plans').where({ id: 1 }).first();\n",
    );
    expect(service).toEqual([]);
    expect(repo).toEqual([]);
  });

  it('refuses ledger tables outside the ledger module, even in a repo', async () => {
    const fired = await rulesFiredOn(
      'api/modules/plans/probe.repo.ts',
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db('ledger_entries').sum('amount_cents');\n",
    );
    const ledger = await rulesFiredOn(
      'api/modules/ledger/probe.ts',
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db('ledger_entries').sum('amount_cents');\n",
    );
    expect(fired).toContain('no-restricted-syntax');
    expect(ledger).toEqual([]);
  });

  it("refuses another room's table in a repo, and lets a room name its own", async () => {
    const foreign = await rulesFiredOn(
      'api/modules/plans/probe.repo.ts',
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db('plans as p').join('users as u', 'u.id', 'p.id');\n",
    );
    const rawSql = await rulesFiredOn(
      'api/modules/plans/probe.repo.ts',
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db.raw(`select 1 from deposits d where d.id = ?`, [1]);\n",
    );
    const own = await rulesFiredOn(
      'api/modules/identity/probe.repo.ts',
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db('users as u').where('u.role', 'admin');\n",
    );
    expect(foreign).toContain('no-restricted-syntax');
    expect(rawSql).toContain('no-restricted-syntax');
    expect(own).toEqual([]);
  });

  it('lets a listed read model join other rooms in one statement, but never the ledger tables', async () => {
    const readModel = 'api/modules/dashboard/dashboard.repo.ts';
    const joins = await rulesFiredOn(
      readModel,
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db('users as u').join('deposits as d', 'd.user_id', 'u.id');\n",
    );
    const ledger = await rulesFiredOn(
      readModel,
      "import type { Knex } from 'knex';\nexport const probe = (db: Knex) => db('ledger_entries').sum('amount_cents');\n",
    );
    expect(joins).toEqual([]);
    expect(ledger).toContain('no-restricted-syntax');
  });
});
