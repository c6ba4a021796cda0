import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TransactionRow, Withdrawal } from '../api/contracts/answers';
import type enFunds from '../locales/en/funds.json';
import { buildWithdrawal } from '../pwa/src/test/withdrawal-fixtures';
import { seriousViolations } from './accessibility-steps';
import { useLanguage } from './console-guard';
import { signUpInvestor } from './investor-setup';

// A withdrawal's life on chain as the investor sees it, on a 390 px phone in English and Arabic (and at 1280 px).
// The e2e server configures no chain, and the chain states need a node (a UTXO batch signed in a wallet, an EVM
// transaction) and the chains' settings for the confirmations and the explorer link, so GET /api/withdrawals and the
// history's withdrawal tab (GET /api/transactions?tab=withdrawal) are answered here at the shapes of api/contracts,
// one withdrawal per state. The investor's session, the other answers and every text are the real server's.
const shots = '/tmp/withdraw34-shots';
const funds = (language: string) =>
  JSON.parse(readFileSync(`locales/${language}/funds.json`, 'utf8')) as typeof enFunds;

// The longest addresses and ids a withdrawal carries: a P2WSH address and a 64-hex transaction id.
const longAddress = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';
const ethAddress = '0x52908400098527886e0f7030069857d2e4169ee7';
const btcTxid = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
const ethTxid = `0x${'5c'.repeat(32)}`;

const withdrawal = (index: number, overrides: Partial<Withdrawal>): Withdrawal =>
  buildWithdrawal({
    id: `44444444-dddd-4000-8000-00000000000${index}`,
    amount: 1000 + index * 111.11,
    method: 'Bitcoin',
    address: longAddress,
    createdAt: new Date(Date.UTC(2026, 10, 20 + index, 9)).toISOString(),
    payableOnChain: true,
    paidInBatch: true,
    ...overrides,
  });

const bitcoin = { onChain: true, coin: 'bitcoin', coinAmount: '0.01834529', rate: '60574.25', required: 3 };
const ether = {
  method: 'Ethereum' as const,
  address: ethAddress,
  onChain: true,
  paidInBatch: false,
  coin: 'ethereum',
  coinAmount: '0.416',
  rate: '2404.8',
  required: 12,
};

/** One withdrawal in each state the investor can see, newest first as the API answers. */
const states = [
  { name: 'requested', withdrawal: withdrawal(7, {}) },
  { name: 'approved', withdrawal: withdrawal(6, { ...ether, status: 'approved' }) },
  { name: 'in-batch', withdrawal: withdrawal(5, { ...bitcoin, status: 'in_batch' }) },
  {
    name: 'broadcast',
    withdrawal: withdrawal(4, {
      ...bitcoin,
      status: 'broadcast',
      txHash: btcTxid,
      txid: btcTxid,
      confirmations: 1,
      explorerUrl: `https://mempool.space/tx/${btcTxid}`,
    }),
  },
  {
    name: 'paid',
    withdrawal: withdrawal(3, {
      ...ether,
      status: 'paid',
      txHash: ethTxid,
      txid: ethTxid,
      confirmations: 40,
      explorerUrl: `https://etherscan.io/tx/${ethTxid}`,
    }),
  },
  {
    name: 'manual-pending',
    withdrawal: withdrawal(2, { method: 'USDT', address: ethAddress, payableOnChain: false, paidInBatch: false }),
  },
  {
    name: 'manual-paid',
    withdrawal: withdrawal(1, {
      method: 'USDT',
      address: ethAddress,
      status: 'paid',
      txHash: 'typed-by-the-admin-0001',
      payableOnChain: false,
      paidInBatch: false,
    }),
  },
] as const;

async function answerWithdrawals(page: Page) {
  const withdrawals = states.map((state) => state.withdrawal);
  await page.route('**/api/withdrawals', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { withdrawals } }) : route.fallback(),
  );
  await page.route('**/api/transactions?*', (route) => {
    if (new URL(route.request().url()).searchParams.get('tab') !== 'withdrawal') return route.fallback();
    const items: TransactionRow[] = withdrawals.map((row) => ({
      id: row.id,
      date: row.createdAt,
      type: `Withdrawal (${row.method})`,
      via: row.method,
      status: row.status,
      amount: row.amount,
    }));
    // Paged as the server pages: the five on-chain states on the first page, the two paid by hand on the second.
    const query = new URL(route.request().url()).searchParams;
    const [number, pageSize] = [Number(query.get('page') ?? 1), Number(query.get('pageSize') ?? 5)];
    const slice = items.slice((number - 1) * pageSize, number * pageSize);
    return route.fulfill({ json: { items: slice, total: items.length, page: number, pageSize } });
  });
}

/** A translation with its {{placeholders}} filled, as i18next does (the values themselves left-to-right). */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The page wider than the window, or a box in it that scrolls sideways. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`page ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const scrolls = ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
      if (scrolls && element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.tagName.toLowerCase()}.${element.className} scrolls sideways`);
    }
    return found;
  });

/** The step texts of one withdrawal, without the hidden done/now/to-come words. */
const stepTexts = (steps: Locator) =>
  steps.locator('li').evaluateAll((items) =>
    items.map((item) => {
      const copy = item.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
      return (copy.textContent ?? '')
        .replace(/[\u2066\u2068\u2069\u200f]/g, '')
        .replace(/\u00a0/g, ' ')
        .trim();
    }),
  );

for (const language of ['en', 'ar'] as const) {
  test(`the investor follows each withdrawal state on a 390 px phone in ${language}: coin amount, batch, explorer link, confirmations, the manual label; nothing sideways`, async ({
    page,
  }) => {
    const text = funds(language);
    const steps = text.withdrawalSteps;
    const coin = (id: string) => text.coins[id as keyof typeof text.coins];
    const confirmations = (done: number, required: number) =>
      fill(text.onChain.confirmations, { done: String(done), required: String(required) });
    mkdirSync(shots, { recursive: true });
    await useLanguage(page, language);
    await signUpInvestor(page);
    await answerWithdrawals(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const problems: string[] = [];

    // The withdraw page's "Your withdrawals": every state, one row each.
    await page.goto('/withdraw-page');
    const table = page.getByRole('table', { name: text.withdraw.historyTitle });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(states.length);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const row = (name: (typeof states)[number]['name']) => rows.nth(states.findIndex((state) => state.name === name));
    const stepsOf = (name: (typeof states)[number]['name']) => row(name).locator('ol.withdrawal-steps');
    // Approved: 0.416 Ethereum (1 Ethereum = $2,404.80), the price as the language writes it.
    const amountAtRate = (coinAmount: string, id: string, price: RegExp) => {
      const [before, after] = fill(steps.approvedAtRate, { coins: `${coinAmount} ${coin(id)}`, rate: '\0' }).split(
        '\0',
      );
      const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`^${escape(before!)}${escape(`1 ${coin(id)} = `)}.*${price.source}.*${escape(after!)}$`);
    };

    expect(await stepTexts(stepsOf('requested'))).toEqual([
      steps.requested,
      steps.awaitingApproval,
      steps.sent,
      steps.confirming,
      steps.paid,
    ]);
    await expect(row('requested').locator('.withdraw-status')).toHaveText(text.withdraw.status.pending);

    // Approved: the coin amount and the rate fixed then; an EVM coin waits for the operator's wallet.
    const approved = await stepTexts(stepsOf('approved'));
    expect(approved[1]).toMatch(amountAtRate('0.416', 'ethereum', /2,404\.80/));
    expect(approved.slice(2)).toEqual([steps.toSend, confirmations(0, 12), steps.paid]);
    await expect(row('approved').locator('.withdraw-status')).toHaveText(text.withdraw.status.approved);

    // In a batch: waiting for the operator's signature.
    const inBatch = await stepTexts(stepsOf('in-batch'));
    expect(inBatch[1]).toMatch(amountAtRate('0.01834529', 'bitcoin', /60,574\.25/));
    expect(inBatch[2]).toBe(steps.inBatch);
    await expect(row('in-batch').locator('.withdraw-status')).toHaveText(text.withdraw.status.in_batch);

    // Broadcast: the transaction linked to the explorer, copyable whole, and its confirmations so far.
    const sent = stepsOf('broadcast').getByRole('link');
    await expect(sent).toHaveAttribute('href', `https://mempool.space/tx/${btcTxid}`);
    await expect(sent).toHaveAttribute('title', btcTxid);
    await expect(sent).toContainText(`${btcTxid.slice(0, 10)}…${btcTxid.slice(-6)}`);
    await expect(stepsOf('broadcast').getByRole('button', { name: steps.copyTxid })).toBeVisible();
    expect((await stepTexts(stepsOf('broadcast')))[3]).toBe(confirmations(1, 3));
    await expect(stepsOf('broadcast').locator('.withdrawal-steps__step--current')).toContainText(confirmations(1, 3));
    await expect(row('broadcast').locator('.withdraw-status')).toHaveText(text.withdraw.status.broadcast);

    // Paid on chain: every step done, the confirmations counted to those required.
    await expect(stepsOf('paid').getByRole('link')).toHaveAttribute('href', `https://etherscan.io/tx/${ethTxid}`);
    expect((await stepTexts(stepsOf('paid')))[3]).toBe(confirmations(12, 12));
    await expect(stepsOf('paid').locator('.withdrawal-steps__step--done')).toHaveCount(5);

    // A coin with no configured chain: paid by hand, which it says, and nothing claimed about the chain.
    await expect(row('manual-pending').locator('.withdrawal-steps__manual')).toHaveText(steps.paidByHand);
    await expect(row('manual-paid').locator('.withdrawal-steps__manual')).toHaveText(steps.markedPaid);
    await expect(row('manual-paid').locator('ol, a')).toHaveCount(0);

    problems.push(...(await sideways(page)).map((problem) => `withdraw page: ${problem}`));
    problems.push(...(await seriousViolations(page, 'withdraw page')));
    for (const [index, state] of states.entries()) {
      await rows.nth(index).screenshot({ path: `${shots}/${state.name}-390-${language}.png` });
    }

    // The dashboard's money in progress: the unpaid ones with their steps, the batch one included.
    await page.goto('/dashboard');
    const inProgress = page.locator('.dashboard-pending__item');
    await expect(inProgress).toHaveCount(5);
    await expect(page.locator('.dashboard-pending')).toContainText(steps.inBatch);
    await expect(
      page.locator('.dashboard-pending').getByRole('link', { name: new RegExp(steps.explorer) }),
    ).toHaveAttribute('href', `https://mempool.space/tx/${btcTxid}`);
    problems.push(...(await sideways(page)).map((problem) => `dashboard: ${problem}`));
    await page.locator('.dashboard-pending').screenshot({ path: `${shots}/dashboard-390-${language}.png` });

    // The history's withdrawal tab: the same steps under each status.
    await page.goto('/transaction?tab=withdrawal');
    await expect(page.locator('main ol.withdrawal-steps')).toHaveCount(5);
    await expect(page.locator('main').getByText(steps.inBatch)).toBeVisible();
    problems.push(...(await sideways(page)).map((problem) => `history: ${problem}`));
    await page.screenshot({ path: `${shots}/history-390-${language}.png`, fullPage: true });

    // And on a wide screen, the table's columns side by side.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/withdraw-page');
    await expect(rows).toHaveCount(states.length);
    problems.push(...(await sideways(page)).map((problem) => `withdraw page at 1280 px: ${problem}`));
    await table.screenshot({ path: `${shots}/withdraw-1280-${language}.png` });

    expect(problems).toEqual([]);
  });
}
