import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useOnline } from '../../../lib/hooks/use-online';
import { TRANSACTIONS_PAGE_SIZE, transactionsQuery, type TransactionTab } from '../api/transactions-query';
import { withdrawalStepsQuery } from '../api/withdrawals-query';
import { Pagination } from '../../../components/ui/pagination';
import { TransactionsTable } from '../components/transactions-table';
import { searchTerm } from '../utils/search-term';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import '../transactions.css';

const tabs: TransactionTab[] = ['deposit', 'withdrawal', 'others'];

/** Transaction history from GET /api/transactions: one tab, one search, one page of 5 at a time. */
export function TransactionsPage() {
  const { t, i18n } = useTranslation(['investor', 'funds']);
  const format = useFormat();
  const online = useOnline();
  // The tab lives in the URL (?tab=withdrawal), so the dashboard's links and a reload open it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab') as TransactionTab | null;
  const tab: TransactionTab = requested && tabs.includes(requested) ? requested : 'deposit';
  const setTab = (next: TransactionTab) => setSearchParams(next === 'deposit' ? {} : { tab: next }, { replace: true });
  const [search, setSearch] = useState('');
  const type = useDebouncedValue(searchTerm(search, t, i18n.language));
  // The page belongs to one tab and one search: changing either starts again at page 1.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const pagingKey = `${tab}\n${type}`;
  const page = paging.key === pagingKey ? paging.page : 1;
  const history = useQuery(transactionsQuery(tab, type, page));
  // The withdrawal tab shows the steps of each withdrawal not rejected; without them its rows still show their status.
  const withdrawalSteps = useQuery({
    ...withdrawalStepsQuery(),
    enabled:
      tab === 'withdrawal' &&
      !history.isPlaceholderData &&
      Boolean(history.data?.items.some((row) => row.status !== 'rejected')),
  });
  const offline =
    !online || history.fetchStatus === 'paused' || (history.error instanceof ApiError && history.error.status === 0);

  let panel;
  if (history.data) {
    const totalPages = Math.ceil(history.data.total / TRANSACTIONS_PAGE_SIZE);
    panel = (
      <>
        <TransactionsTable
          caption={t('transactions.caption', { tab: t(`transactions.tabs.${tab}`) })}
          rows={history.data.items}
          withdrawals={tab === 'withdrawal' ? withdrawalSteps.data : undefined}
          empty={type ? t('transactions.empty.search', { type: search.trim() }) : t(`transactions.empty.${tab}`)}
        />
        {history.data.total > 0 && (
          <p className="transactions-summary">
            {t('transactions.summary', {
              from: format.number((page - 1) * TRANSACTIONS_PAGE_SIZE + 1),
              to: format.number((page - 1) * TRANSACTIONS_PAGE_SIZE + history.data.items.length),
              total: format.number(history.data.total),
            })}
          </p>
        )}
        <Pagination
          page={page}
          totalPages={totalPages}
          onPage={(next) => setPaging({ key: pagingKey, page: next })}
          label={t('transactions.pagination')}
          pageLabel={(item) => t('transactions.pageButton', { page: item })}
        />
      </>
    );
  } else if (history.isError || offline) {
    panel = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    panel = <Spinner label={t('common.loading')} />;
  }

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('transactions.title')}</h1>
      <Tabs
        label={t('transactions.tabsLabel')}
        selectedId={tab}
        onSelect={(id) => setTab(id as TransactionTab)}
        items={tabs.map((id) => ({
          id,
          label: t(`transactions.tabs.${id}`),
          content: (
            <div className="transactions-panel" aria-busy={history.isFetching || undefined}>
              <TextField
                type="search"
                label={t('transactions.searchLabel')}
                placeholder={t('transactions.searchPlaceholder')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                maxLength={50}
              />
              {panel}
            </div>
          ),
        }))}
      />
    </div>
  );
}
