import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planCatalogue } from '../../../../../api/contracts/plans';
import { fakeApi } from '../../../test/fake-api';
import { db } from '../../../lib/offline/db';
import { planCopyKey } from '../../../lib/offline/copy-keys';
import { planQuery } from './plan';
import { plansQuery } from '../../../lib/queries/plans';
import { forgetSavedCopyTimes } from '../../../lib/offline/personal-copy';
import { createTestQueryClient } from '../../../test/render-page';

const freshClient = createTestQueryClient;
const promo = planCatalogue[2]!;

describe('plan queries offline', () => {
  beforeEach(() => db.publicData.clear());
  afterEach(() => {
    vi.useRealTimers();
    forgetSavedCopyTimes();
  });

  it('a plans list loaded online keeps every plan, so a plan never opened opens offline as of that time', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T08:00:00Z'), toFake: ['Date'] });
    fakeApi({ 'GET /api/plans': { status: 200, body: { plans: planCatalogue } } });
    await freshClient().fetchQuery(plansQuery());

    vi.setSystemTime(Date.parse('2026-11-21T09:00:00Z'));
    const api = fakeApi({ [`GET /api/plans/${promo.id}`]: 'network-down' });
    const plan = await freshClient().fetchQuery(planQuery(String(promo.id)));
    expect(api.requestsTo(`GET /api/plans/${promo.id}`)).not.toHaveLength(0);
    expect(plan).toEqual(promo);
    expect((await db.publicData.get(planCopyKey(promo.id)))?.savedAt).toBe(Date.parse('2026-11-20T08:00:00Z'));
  });

  it('keeps nothing from a list that did not come from the network', async () => {
    fakeApi({ 'GET /api/plans': 'network-down' });
    await expect(freshClient().fetchQuery(plansQuery())).rejects.toMatchObject({ status: 0 });
    expect(await db.publicData.count()).toBe(0);
  });
});
