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
