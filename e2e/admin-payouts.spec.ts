import { expect, test, type Page, type Route } from '@playwright/test';
import type { AdminWithdrawal, ChainIncident, PayoutBatch } from '../api/contracts/answers';
import type { ChainStatus } from '../api/contracts/deposit-quotes';
import { seriousViolations } from './accessibility-steps';
import { useLanguage } from './console-guard';
import { signInNewAdmin } from './investor-setup';

// The Payouts page full, at the widths the desk is used at and on a phone. The e2e server configures no chain, and a
// batch needs a UTXO node and a signing wallet, so the answers of the chain, approved-withdrawal, batch and incident
// routes are given here at the shapes of api/contracts (the admin's session and texts stay the real server's).
const widths = [390, 1024, 1280, 1440];

const chain: ChainStatus = {
  chain: 'bitcoin',
  addressGap: { gapLimit: 20, issued: 12, longestUnusedRun: 3, beyondGapLimit: false },
  tipHeight: 871_234,
  scannedHeight: 871_234,
  lag: 0,
  lastScanAt: new Date().toISOString(),
  lastError: null,
};

// A P2WSH address, the longest a withdrawal pays to, and a long e-mail to cut.
const longAddress = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';
const approved = (index: number): AdminWithdrawal => ({
  id: `33333333-cccc-4000-8000-00000000000${index}`,
  amount: 1250 + index,
  method: 'Bitcoin',
  address: index === 0 ? longAddress : 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  status: 'approved',
  txHash: null,
  rejectReason: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  onChain: true,
  paidInBatch: true,
  coin: 'bitcoin',
  coinAmount: `0.0${index + 1}234567`,
  rate: '60000',
  txid: null,
  confirmations: null,
  required: 3,
  explorerUrl: null,
  payableOnChain: true,
  paymentUri: null,
  user: { id: `u${index}`, email: `bartholomew.longname-${index}@investors.example.com` },
  availableBalance: 90,
});

const batch = (id: string, overrides: Partial<PayoutBatch>): PayoutBatch => ({
  id: `${id}-0000-4000-8000-000000000000`,
  chain: 'bitcoin',
  coin: 'bitcoin',
  status: 'unsigned',
  psbt: 'cHNidP8BAH0CAAAAAb'.padEnd(400, 'A'),
  txid: 'a1'.repeat(32),
  fee: '0.00000564',
  feeRate: 4,
  feeCents: 34,
  virtualSize: 141,
  confirmations: null,
  required: 3,
  explorerUrl: `https://mempool.space/tx/${'a1'.repeat(32)}`,
  replacesId: null,
  replacedById: null,
  failureReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  broadcastAt: null,
  confirmedAt: null,
  withdrawals: [0, 1].map((index) => ({
    id: approved(index).id,
    amount: approved(index).amount,
    address: approved(index).address,
    coinAmount: approved(index).coinAmount!,
    email: approved(index).user!.email,
  })),
  inputs: [{ txid: 'f0'.repeat(32), vout: 1, coinAmount: '0.1', path: "m/84'/0'/0'/0/7" }],
  change: { address: longAddress, coinAmount: '0.06530302', path: "m/84'/0'/0'/1/2" },
  ...overrides,
});

const sent = { broadcastAt: '2026-11-28T10:05:00.000Z' };
const batches = [
  batch('1a1a1a1a', {}),
  batch('2b2b2b2b', { ...sent, status: 'broadcast' }),
  batch('3c3c3c3c', { ...sent, status: 'confirmed', confirmations: 5, confirmedAt: '2026-11-28T11:00:00.000Z' }),
  batch('4d4d4d4d', { ...sent, status: 'replaced', replacedById: '3c3c3c3c-0000-4000-8000-000000000000' }),
  batch('5e5e5e5e', {
    status: 'failed',
    failureReason: 'Its inputs were spent by another transaction (f0f0f0f0…:1); its withdrawals are approved again',
  }),
];

const incident: ChainIncident = {
  id: '9',
  chain: 'bitcoin',
  kind: 'payout-inputs-spent',
  paymentId: null,
  details: { batchId: batches[4]!.id, spentBy: 'f0'.repeat(32) },
  createdAt: '2026-11-28T11:30:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
};

async function answerPayoutRoutes(page: Page) {
  await page.route('**/api/admin/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const json = (body: unknown) => route.fulfill({ json: body });
    if (url.pathname === '/api/admin/chains') return json({ chains: [chain] });
    if (url.pathname === '/api/admin/chain-incidents') return json({ incidents: [incident] });
    if (url.pathname === '/api/admin/withdrawals' && url.searchParams.get('status') === 'approved')
      return json({ withdrawals: [0, 1, 2].map(approved), total: 3, page: 1, pageSize: 100 });
    if (url.pathname === '/api/admin/payout-batches/preview')
      return json({
        preview: {
          chain: 'bitcoin',
          coin: 'bitcoin',
          feeRate: 4,
          suggestedFeeRate: 4,
          fee: '0.00000788',
          feeCents: 47,
          virtualSize: 197,
          total: '0.06370370',
          available: '0.52000000',
          withdrawalIds: [],
        },
      });
    if (url.pathname === '/api/admin/payout-batches') return json({ batches });
    return route.fallback();
  });
}

/** What reads badly: the page wider than the window, a box that scrolls sideways, an id or hash on two lines. */
async function badlyDrawn(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      const wide = [...document.querySelectorAll<HTMLElement>('main *')].filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
      );
      const innermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
      found.push(
        `page ${document.documentElement.scrollWidth} px wide (${innermost
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
          .join(', ')})`,
      );
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const sideways = ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
      if (sideways && element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.tagName.toLowerCase()}.${element.className} scrolls sideways`);
    }
    for (const value of document.querySelectorAll<HTMLElement>('main [data-short-value] .admin-short__text')) {
      const range = document.createRange();
      range.selectNodeContents(value);
      const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      if (lines > 1) found.push(`${value.textContent} on ${lines} lines`);
    }
    return found;
  });
  return problems.map((problem) => `${label}: ${problem}`);
}

for (const language of ['en', 'ar'] as const) {
  test(`the Payouts page reads at ${widths.join(', ')} px in ${language}, nothing sideways, no serious axe finding`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await useLanguage(page, language);
    await signInNewAdmin(page, request);
    await answerPayoutRoutes(page);
    const problems: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto('/admin/payouts');
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('.admin-batch')).toHaveCount(batches.length);
      await expect(page.locator('main [role="group"] dl')).toBeVisible();
      // Each batch's withdrawals open, so their whole addresses are measured too.
      await page
        .locator('.admin-batch__withdrawals')
        .evaluateAll((all) => all.forEach((details) => details.setAttribute('open', '')));
      problems.push(...(await badlyDrawn(page, `${width} px`)));
      if (width === 1024) problems.push(...(await seriousViolations(page, `${width} px`)));
      const path = test.info().outputPath(`admin-payouts-${width}px-${language}.png`);
      await page.screenshot({ path, fullPage: true });
      await test.info().attach(`admin-payouts-${width}px-${language}.png`, { path, contentType: 'image/png' });
    }
    expect(problems).toEqual([]);
  });
}
