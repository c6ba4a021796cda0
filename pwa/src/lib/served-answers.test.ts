import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const config = { siteName: 'Northwind </script> Mining', messagingLink: 'https://chat.example.com' };
const plans = { plans: [{ id: 1, name: 'Starter' }] };

/** The answers as the server writes them into a page: "<" escaped. */
const asServed = (answers: object) => JSON.stringify(answers).replaceAll('<', '\\u003c');

/** The page as the server sends it (api/modules/site/served-answers.ts), then a fresh copy of the module to read it. */
async function pageWith(json: string) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="served-answers">${json}</script>`;
  vi.resetModules();
  return import('./served-answers');
}

describe('the answers a page came with', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('are read once from the page, by name, with when the page received them', async () => {
    const served = await pageWith(asServed({ 'operator-config': config, plans }));
    const answer = served.servedAnswer('operator-config');
    expect(answer?.data).toEqual(config);
    expect(answer?.receivedAt).toBeGreaterThan(0);
    expect(answer?.receivedAt).toBeLessThanOrEqual(Date.now());
    expect(served.servedAnswer('operator-config')).toBe(answer);
    expect(served.servedAnswer('market-coins')).toBeUndefined();
  });

  it('seed a query as if fetched when the page arrived, and nothing when the page came without them', async () => {
    const served = await pageWith(asServed({ plans }));
    const { receivedAt } = served.servedAnswer('plans')!;
    const copy = served.servedInitialCopy('plans');
    expect(copy.initialData()).toEqual({ data: plans, savedAt: receivedAt, fromDevice: false });
    expect(copy.initialDataUpdatedAt()).toBe(receivedAt);
    expect(served.servedInitialData('operator-config').initialData()).toBeUndefined();
    expect(served.servedInitialData('operator-config').initialDataUpdatedAt()).toBeUndefined();
  });

  it('are none when the page was cut short', async () => {
    const served = await pageWith('{"plans":{"plans":[');
    expect(served.servedAnswer('plans')).toBeUndefined();
  });

  it("are kept as this device's offline copies, as a fetch of them would be", async () => {
    const served = await pageWith(asServed({ 'operator-config': config, plans }));
    served.keepServedAnswersOffline();
    const { readPublicCopy } = await import('./offline/public-copy');
    await vi.waitFor(async () => expect(await readPublicCopy('plans')).toBeDefined());
    expect(await readPublicCopy('plans')).toMatchObject({
      data: plans,
      savedAt: served.servedAnswer('plans')!.receivedAt,
    });
    await vi.waitFor(async () => expect((await readPublicCopy('operator-config'))?.data).toEqual(config));
  });
});
