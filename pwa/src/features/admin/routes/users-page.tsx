import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Table } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useUserCount, useUsers, USERS_PAGE_SIZE, type RegisteredUser } from '../api/users';
import { ExportLink } from '../components/export-link';
import { LoadState } from '../components/load-state';
import { ShortValue } from '../components/short-value';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { useCountryName } from '../utils/country-name';
import { money } from '../utils/money';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';

/** Registered Users: the total (GET /api/count) and the investors, searched on the server and paged. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { t: desk } = useTranslation('admin-desk');
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim(), 300);
  const countryName = useCountryName();
  const count = useUserCount();
  const users = useUsers(page, settledSearch);

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('users.title')}</h1>
      <p className="admin-total" aria-live="polite">
        {count.data !== undefined ? t('users.total', { total: format.number(count.data) }) : t('common.loading')}
      </p>
      <div className="admin-toolbar">
        <TextField
          label={t('users.search')}
          type="search"
          hint={t('users.searchHint')}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
        <ExportLink table="users" filter={{ search: settledSearch }} />
      </div>
      <LoadState query={users} />
      {users.data && (
        <>
          {settledSearch && (
            <p className="admin-total" role="status">
              {users.data.capped
                ? desk('search.capped', { total: format.number(users.data.total), search: settledSearch })
                : t('users.matches', { total: format.number(users.data.total), search: settledSearch })}
            </p>
          )}
          <Table<RegisteredUser>
            caption={t('users.caption')}
            hideCaption
            rows={users.data.users}
            rowKey={(row) => row.id}
            empty={settledSearch ? t('users.noMatch') : t('users.empty')}
            columns={[
              {
                key: 'name',
                header: t('users.columns.name'),
                // The name shown is the link's name (what speech input users say); a person without one is named
                // by their e-mail, not by the dash.
                cell: (row) => (
                  <Link
                    to={paths.adminUserDetail(row.id)}
                    aria-label={row.name ? undefined : t('users.open', { user: row.email })}
                  >
                    {row.name || '—'}
                  </Link>
                ),
              },
              {
                key: 'email',
                header: t('users.columns.email'),
                cell: (row) => <ShortValue kind="email" value={row.email} />,
              },
              { key: 'country', header: t('users.columns.country'), cell: (row) => countryName(row.country) },
              { key: 'joined', header: t('users.columns.joined'), cell: (row) => format.date(row.createdAt) },
              {
                key: 'verified',
                header: t('users.columns.verified'),
                cell: (row) => (row.emailVerified ? t('users.verifiedYes') : t('users.verifiedNo')),
              },
              {
                key: 'balance',
                header: t('users.columns.available'),
                numeric: true,
                cell: (row) => money(format, row.availableBalance),
              },
            ]}
          />
          <Pagination
            page={users.data.page}
            totalPages={pageCount(users.data.total, USERS_PAGE_SIZE)}
            onPage={setPage}
            label={t('pagination.label')}
            pageLabel={(item) => t('pagination.page', { page: item })}
          />
        </>
      )}
    </div>
  );
}
