import type { AppDeps } from '../../app-deps';
import {
  bumpBatchSchema,
  payoutBatchListSchema,
  payoutBatchSchema,
  signedBatchSchema,
} from '../../contracts/payout-batches';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { chainScannedHeights } from '../chain-deposits/chain-deposits.api';
import { presentPayoutBatch } from './payout-batches.presenter';
import { createPayoutBatches } from './payout-batches.service';
import type { PayoutBatchRow } from './payout-batches.service';

const batchId = (params: unknown) => uuidParam(params, 'Payout batch not found');

/** The admin desk's payout batches on UTXO chains: built here, signed in the operator's own wallet, sent from here. */
export function registerPayoutBatchRoutes(api: ApiRouter, deps: AppDeps) {
  const batches = createPayoutBatches(deps);
  const present = async (rows: PayoutBatchRow[]) =>
    (await batches.details(rows, await chainScannedHeights(deps.db))).map(presentPayoutBatch);
  const one = async (row: PayoutBatchRow) => (await present([row]))[0]!;

  api.add('get', '/api/admin/payout-batches', 'admin', async (ctx) => {
    const { chain } = parseOrThrow(payoutBatchListSchema, ctx.query);
    ctx.body = { batches: await present(await batches.list(chain)) };
  });

  api.add('post', '/api/admin/payout-batches/preview', 'admin', async (ctx) => {
    ctx.body = { preview: await batches.preview(parseOrThrow(payoutBatchSchema, ctx.request.body)) };
  });

  api.add('post', '/api/admin/payout-batches', 'admin', async (ctx) => {
    const input = parseOrThrow(payoutBatchSchema, ctx.request.body);
    const batch = await batches.build(ctx.state.auth!.userId, input);
    ctx.status = 201;
    ctx.body = { batch: await one(batch) };
  });

  api.add('get', '/api/admin/payout-batches/:id', 'admin', async (ctx) => {
    ctx.body = { batch: await one(await batches.get(batchId(ctx.params))) };
  });

  // The PSBT as a file for the wallet's "load transaction from file" (binary, as BIP 174 defines the .psbt file).
  api.add('get', '/api/admin/payout-batches/:id/psbt', 'admin', async (ctx) => {
    const batch = await batches.get(batchId(ctx.params));
    ctx.set('content-type', 'application/octet-stream');
    ctx.set('content-disposition', `attachment; filename="${batch.chain}-batch-${batch.id.slice(0, 8)}.psbt"`);
    ctx.set('cache-control', 'no-store');
    ctx.body = Buffer.from(batch.psbt, 'base64');
  });

  api.add('post', '/api/admin/payout-batches/:id/signed', 'admin', async (ctx) => {
    const { psbt } = parseOrThrow(signedBatchSchema, ctx.request.body);
    const batch = await batches.acceptSigned(ctx.state.auth!.userId, batchId(ctx.params), psbt);
    ctx.body = { batch: await one(batch) };
  });

  api.add('post', '/api/admin/payout-batches/:id/bump', 'admin', async (ctx) => {
    const { feeRate } = parseOrThrow(bumpBatchSchema, ctx.request.body);
    const batch = await batches.bump(ctx.state.auth!.userId, batchId(ctx.params), feeRate);
    ctx.status = 201;
    ctx.body = { batch: await one(batch) };
  });

  api.add('post', '/api/admin/payout-batches/:id/cancel', 'admin', async (ctx) => {
    const batch = await batches.cancel(ctx.state.auth!.userId, batchId(ctx.params));
    ctx.body = { batch: await one(batch) };
  });
}
