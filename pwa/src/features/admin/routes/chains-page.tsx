import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainStatus } from '../../../../../api/contracts/deposit-quotes';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import { useChains } from '../api/chains';
import { ChainIncidentsList } from '../components/chain-incidents-list';
import { ChainPaymentsTable } from '../components/chain-payments-table';
import { LoadState } from '../components/load-state';

// Where the wallets the README names keep their gap limit: their own words, not ours, so never translated.
const walletSettings = 'Electrum: wallet.gap_limit; Sparrow: Settings → Advanced → Gap limit';

/**
 * Chains: whether each watcher keeps up with its node (so a stuck scanner is seen before investors ask), what needs
 * the operator, and the on-chain deposits beside the receipts.
 */
export function ChainsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const chains = useChains();
  useEffect(() => {
    document.title = t('chains.title');
  }, [t]);
  const height = (value: number | null) => (value === null ? t('chains.unknown') : format.number(value));
  const columns: TableColumn<ChainStatus>[] = [
    { key: 'chain', header: t('chains.chain'), cell: (row) => row.chain, primary: true },
    { key: 'tip', header: t('chains.tipHeight'), cell: (row) => height(row.tipHeight), numeric: true },
    { key: 'scanned', header: t('chains.scannedHeight'), cell: (row) => height(row.scannedHeight), numeric: true },
    { key: 'lag', header: t('chains.lag'), cell: (row) => height(row.lag), numeric: true },
    {
      key: 'issued',
      header: t('chains.issued'),
      cell: (row) => format.number(row.addressGap.issued),
      numeric: true,
    },
    {
      key: 'unusedRun',
      header: t('chains.unusedRun'),
      cell: (row) => format.number(row.addressGap.longestUnusedRun),
      numeric: true,
    },
    {
      key: 'gapLimit',
      header: t('chains.gapLimit'),
      cell: (row) => format.number(row.addressGap.gapLimit),
      numeric: true,
    },
    {
      key: 'lastScan',
      header: t('chains.lastScanAt'),
      cell: (row) => (row.lastScanAt ? format.age(row.lastScanAt) : t('chains.never')),
    },
    {
      key: 'error',
      header: t('chains.lastError'),
      cell: (row) =>
        row.lastError ? (
          <span className="admin-error-text" dir="auto">
            {row.lastError}
          </span>
        ) : (
          t('chains.noError')
        ),
    },
  ];
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('chains.title')}</h1>
      <p>{t('chains.intro')}</p>
      <LoadState query={chains} />
      {chains.data
        ?.filter((chain) => chain.addressGap.beyondGapLimit)
        .map(({ chain, addressGap: gap }) => (
          <p key={chain} className="admin-message admin-message--warning" role="alert">
            <TriangleAlert aria-hidden="true" size={16} strokeWidth={2} className="admin-inline-icon" />{' '}
            {t('chains.gapWarning', {
              chain: format.isolate(chain),
              walletSettings: format.isolate(walletSettings),
              run: format.number(gap.longestUnusedRun),
              gapLimit: format.number(gap.gapLimit),
              // The wallet must look one address past the longest run to reach the money after it.
              needed: format.number(gap.longestUnusedRun + 1),
            })}
          </p>
        ))}
      {chains.data && (
        <Table
          caption={t('chains.caption')}
          hideCaption
          columns={columns}
          rows={chains.data}
          rowKey={(row) => row.chain}
          empty={t('chains.empty')}
        />
      )}
      <h2>{t('chains.incidents.title')}</h2>
      <ChainIncidentsList />
      <h2>{t('chains.payments.title')}</h2>
      <ChainPaymentsTable />
    </div>
  );
}
