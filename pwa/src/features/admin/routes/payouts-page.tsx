import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { useChains } from '../api/chains';
import { ChainIncidentsList } from '../components/chain-incidents-list';
import { LoadState } from '../components/load-state';
import { PayoutBatchesList } from '../components/payout-batches-list';
import { PayoutBuilder } from '../components/payout-builder';
import { coinName } from '../utils/money';
import '../admin-payouts.css';

// The server names a UTXO chain by its coin and refuses any other name for one (api/config/chains.ts), and
// GET /api/admin/chains does not say a chain's kind: its name tells.
const utxoChainNames: readonly string[] = ['bitcoin', 'litecoin', 'dogecoin'];

/**
 * Payouts: per UTXO chain, the approved withdrawals become one batch (a PSBT) that the operator signs in their own
 * wallet and brings back to be sent; then its confirmations, a fee bump while it waits, and what needs the operator.
 * EVM withdrawals are paid one by one from the Withdrawals page.
 */
export function PayoutsPage() {
  const { t } = useTranslation('admin');
  const chains = useChains();
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    document.title = t('payouts.title');
  }, [t]);
  const utxoChains = (chains.data ?? []).map((chain) => chain.chain).filter((name) => utxoChainNames.includes(name));
  const chain = utxoChains.find((name) => name === picked) ?? utxoChains[0];

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('payouts.title')}</h1>
      <p>{t('payouts.intro')}</p>
      <p className="admin-payouts__signing">{t('payouts.signing')}</p>
      <LoadState query={chains} />
      {chains.data && !chain && <p className="admin-state">{t('payouts.noChain')}</p>}
      {chain && (
        <>
          {utxoChains.length > 1 ? (
            <div className="admin-toolbar">
              <Select
                label={t('payouts.chain')}
                value={chain}
                options={utxoChains.map((name) => ({ value: name, label: coinName(name) }))}
                onChange={(event) => setPicked(event.target.value)}
              />
            </div>
          ) : (
            <p>{t('payouts.oneChain', { chain: coinName(chain) })}</p>
          )}
          <section key={chain} className="admin-payouts__section" aria-labelledby="payouts-approved">
            <h2 id="payouts-approved" className="admin-section-title">
              {t('payouts.approvedTitle')}
            </h2>
            <PayoutBuilder chain={chain} />
          </section>
          <section className="admin-payouts__section" aria-labelledby="payouts-batches">
            <h2 id="payouts-batches" className="admin-section-title">
              {t('payouts.batchesTitle')}
            </h2>
            <PayoutBatchesList chain={chain} />
          </section>
          <section className="admin-payouts__section" aria-labelledby="payouts-incidents">
            <h2 id="payouts-incidents" className="admin-section-title">
              {t('payouts.incidentsTitle')}
            </h2>
            <ChainIncidentsList
              only={(incident) =>
                incident.chain === chain && !incident.resolvedAt && incident.kind.startsWith('payout')
              }
            />
          </section>
        </>
      )}
    </div>
  );
}
