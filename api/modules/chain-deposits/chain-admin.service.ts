import type { AppDeps } from '../../app-deps';
import { chainAdminRepo } from './chain-admin.repo';
import { scannerRepo } from './scanner.repo';

/** The admin's views of on-chain deposits: each chain's scanner and address use, the payments, the incidents. */
export function createChainAdminService({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return {
    /** Every scanner's row, and for each configured chain its issued and used address indices and gap limit. */
    async status() {
      const scanners = await scannerRepo.statuses(db);
      const chains = await Promise.all(
        Object.entries(config.operator.chains).map(async ([chain, chainConfig]) => ({
          chain,
          gapLimit: chainConfig.gapLimit,
          ...(await chainAdminRepo.addressUse(db, chain)),
        })),
      );
      return { scanners, chains };
    },

    recentPayments: () => chainAdminRepo.payments(db),

    incidents: () => chainAdminRepo.incidents(db),
  };
}
