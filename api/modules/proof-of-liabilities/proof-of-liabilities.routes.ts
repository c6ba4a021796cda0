import type { AppDeps } from '../../app-deps';
import { takeSnapshotRequestSchema } from '../../contracts/proof-of-liabilities';
import { intParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { createLiveRates } from '../chain-deposits/chain-deposits.api';
import { createMarketService } from '../market/market.service';
import { presentProof, presentReserves, presentSnapshot } from './proof-of-liabilities.presenter';
import { listSnapshots, proofFor, takeSnapshot } from './proof-of-liabilities.service';
import { createReserves } from './reserves';

export function registerProofOfLiabilitiesRoutes(api: ApiRouter, deps: AppDeps) {
  const reserves = createReserves(deps, createLiveRates(createMarketService(deps), deps.clock));

  api.add('get', '/api/proof-of-liabilities', 'public', async (ctx) => {
    ctx.body = { snapshots: (await listSnapshots(deps)).map(presentSnapshot) };
  });

  api.add('get', '/api/proof-of-liabilities/reserves', 'public', async (ctx) => {
    ctx.body = presentReserves(await reserves());
  });

  api.add('get', '/api/proof-of-liabilities/:id/my-proof', 'investor', async (ctx) => {
    const id = intParam(ctx.params, 'Snapshot not found');
    ctx.body = presentProof(await proofFor(deps, id, ctx.state.auth!.userId));
  });

  api.add('post', '/api/admin/proof-of-liabilities', 'admin', async (ctx) => {
    parseOrThrow(takeSnapshotRequestSchema, ctx.request.body ?? {});
    const snapshot = await takeSnapshot(deps, { adminId: ctx.state.auth!.userId });
    ctx.status = 201;
    ctx.body = { snapshot: presentSnapshot(snapshot) };
  });
}
