import type { AppDeps } from '../../app-deps';
import { decideIncidentSchema, incidentListQuerySchema, sanctionsListUploadFields } from '../../contracts/sanctions';
import { DomainError, notFound } from '../../lib/domain-errors';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { listMultipart, listUploadOf } from './list-upload';
import { presentIncident } from './sanctions.presenter';
import { createSanctionsService } from './sanctions.service';

const incidentId = (params: { id?: string }) => {
  if (!params.id || !/^[1-9]\d{0,17}$/.test(params.id)) throw notFound('Incident not found');
  return params.id;
};

export function registerSanctionsRoutes(api: ApiRouter, deps: AppDeps) {
  const sanctions = createSanctionsService(deps);

  api.add('get', '/api/admin/sanctions-lists', 'admin', async (ctx) => {
    ctx.body = { lists: await sanctions.summaries() };
  });

  api.add('post', '/api/admin/sanctions-lists', 'admin', listMultipart, async (ctx) => {
    const { fields, bytes } = listUploadOf(ctx.request as { body?: unknown; files?: Record<string, unknown> });
    const { chain } = parseOrThrow(sanctionsListUploadFields, fields);
    if (!bytes) throw new DomainError('unprocessable', 'Attach the list file (one address a line)');
    const loaded = await sanctions.load(chain, bytes, { source: 'upload', adminId: ctx.state.auth!.userId });
    ctx.status = 201;
    ctx.body = loaded;
  });

  api.add('get', '/api/admin/sanctions-incidents', 'admin', async (ctx) => {
    const { status } = parseOrThrow(incidentListQuerySchema, ctx.query);
    const { incidents, open } = await sanctions.incidents(status);
    ctx.body = { incidents: incidents.map(presentIncident), open };
  });

  api.add('post', '/api/admin/sanctions-incidents/:id/decide', 'admin', async (ctx) => {
    const { decision, note } = parseOrThrow(decideIncidentSchema, ctx.request.body);
    const incident = await sanctions.decide(ctx.state.auth!.userId, incidentId(ctx.params), decision, note);
    ctx.body = { incident: presentIncident(incident) };
  });
}
