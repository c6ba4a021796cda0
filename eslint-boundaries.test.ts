import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// no-cycle reads the linted file from disk, and the probes exist only as text.
const eslint = new ESLint({ cwd: import.meta.dirname, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

/** The rules that fire on `source` as if it were the file at `filePath` (the file need not exist; its imports do). */
async function rulesFiredOn(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('refuses a feature importing another feature', async () => {
    const fired = await rulesFiredOn(
      'pwa/src/features/auth/probe.ts',
      "import { HeroSection } from '../home/components/hero-section';\nexport const probe = HeroSection;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it('knows the features on disk, admin among them', async () => {
    const fired = await rulesFiredOn(
      'pwa/src/features/admin/probe.ts',
      "import { depositCoins } from '../deposit/coins';\nexport const probe = depositCoins;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it('refuses shared code importing a feature', async () => {
    const fired = await rulesFiredOn(
      'pwa/src/lib/probe.ts',
      "import { depositCoins } from '../features/deposit/coins';\nexport const probe = depositCoins;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it('refuses the API importing the PWA', async () => {
    const fired = await rulesFiredOn(
      'api/probe.ts',
      "import { routeShellsPlugin } from '../pwa/build/route-shells-plugin';\nexport const probe = routeShellsPlugin;\n",
    );
    expect(fired).toContain('import/no-restricted-paths');
  });

  it('lets a feature import shared code and the API contracts', async () => {
    const fired = await rulesFiredOn(
      'pwa/src/features/auth/probe.ts',
      "import { createFormatters } from '../../lib/format';\nimport { centsToDollars } from '../../../../api/contracts/money';\nexport const probe = [createFormatters, centsToDollars];\n",
    );
    expect(fired).toEqual([]);
  });
});
