import type { AppDeps } from '../../app-deps';
import { repeatEvery } from '../../lib/repeating-job';
import { createSanctionsService } from './sanctions.service';

/**
 * Loads the operator's configured list files at start and again within a minute of a change (a stat per file each
 * minute). Safe on several replicas: a load takes the list's row lock and skips a file version loaded already.
 */
export function scheduleSanctionsListReload(deps: AppDeps, intervalMs = 60_000) {
  const service = createSanctionsService(deps);
  return repeatEvery('sanctions list reload', intervalMs, deps.logger, async () => {
    for (const loaded of await service.reloadConfiguredLists())
      deps.logger.info({ list: loaded.chain, addresses: loaded.addresses }, 'sanctions list loaded');
  });
}
