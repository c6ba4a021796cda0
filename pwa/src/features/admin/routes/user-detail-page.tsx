import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { Table, type TableColumn } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { hasStatus } from '../api/admin-keys';
import { useUserDetail, type UserDetail } from '../api/user-detail';
import { ChainPaymentsList } from '../components/chain-payments-table';
import { LoadState } from '../components/load-state';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { UserActions } from '../components/user-actions';
import { UserKycSection } from '../components/user-kyc-section';
import { UserFundHolds } from '../components/user-fund-holds';
import { UserTermsSection } from '../components/user-terms-section';
import { UserPrivacySection } from '../components/user-privacy-section';
import { useCountryName } from '../utils/country-name';
import { money } from '../utils/money';

/** One investor: profile, balances from the ledger, and their deposits, plans, withdrawals, referrals and open sessions. */
export function UserDetailPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const countryName = useCountryName();
  const { id = '' } = useParams();
  const detail = useUserDetail(id);
  const data = detail.data;

  if (hasStatus(detail.error, 404)) {
    return (
      <div className="admin-page">
        <h1 className="admin-page__title">{t('userDetail.notFound')}</h1>
        <p>
          <Link to={paths.adminUsers}>{t('userDetail.back')}</Link>
        </p>
      </div>
    );
  }

  const section = <Row,>(key: string, rows: Row[], columns: TableColumn<Row>[], rowKey: (row: Row) => string) => (
    <section aria-labelledby={`user-${key}`} className="admin-user-section">
      <h2 id={`user-${key}`} className="admin-section-title">
        {t(`userDetail.${key}`)}
      </h2>
      <Table<Row>
        caption={t(`userDetail.${key}`)}
        hideCaption
        rows={rows}
        rowKey={rowKey}
        columns={columns}
        empty={t('userDetail.none')}
      />
    </section>
  );
  const when = <Row,>(key: string, value: (row: Row) => string): TableColumn<Row> => ({
    key,
    header: t(`userDetail.columns.${key}`),
    cell: value,
  });
  const amount = {
    key: 'amount',
    header: t('userDetail.columns.amount'),
    numeric: true,
    cell: (row: { amount: number }) => money(format, row.amount),
  };
  const status = {
    key: 'status',
    header: t('userDetail.columns.status'),
    cell: (row: { status: string }) => <StatusBadge status={row.status} />,
  };

  return (
    <div className="admin-page">
      <p>
        <Link to={paths.adminUsers}>{t('userDetail.back')}</Link>
      </p>
      <LoadState query={detail} />
      {data && (
        <>
          <h1 className="admin-page__title" dir="auto">
            {data.user.name || data.user.email}
          </h1>
          <Card as="section" aria-labelledby="user-profile">
            <h2 id="user-profile" className="admin-section-title">
              {t('userDetail.profile')}
            </h2>
            <dl className="admin-me__list">
              <div>
                <dt>{t('userDetail.email')}</dt>
                <dd dir="auto">{data.user.email}</dd>
              </div>
              <div>
                <dt>{t('userDetail.phone')}</dt>
                <dd dir="ltr">{data.user.phoneNumber ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('userDetail.country')}</dt>
                <dd>{countryName(data.user.country)}</dd>
              </div>
              <div>
                <dt>{t('userDetail.joined')}</dt>
                <dd>{format.dateTime(data.user.createdAt)}</dd>
              </div>
              <div>
                <dt>{t('userDetail.verified')}</dt>
                <dd>{data.user.emailVerified ? t('users.verifiedYes') : t('users.verifiedNo')}</dd>
              </div>
              <div>
                <dt>{t('userDetail.referralCode')}</dt>
                <dd>
                  <code>{data.user.referralCode}</code>
                </dd>
              </div>
              <div>
                <dt>{t('userDetail.referredBy')}</dt>
                <dd dir="auto">{data.user.referredBy?.email ?? '—'}</dd>
              </div>
              {(['bitcoin', 'ethereum', 'usdt'] as const).map((coin) => (
                <div key={coin}>
                  <dt>{t(`userDetail.payout.${coin}`)}</dt>
                  <dd>
                    <code dir="ltr">{data.user.payoutAddresses[coin] ?? '—'}</code>
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
          <UserActions userId={data.user.id} user={data.user.email} emailVerified={data.user.emailVerified} />
          <UserKycSection userId={data.user.id} />
          <UserFundHolds userId={data.user.id} />
          <section aria-labelledby="user-balances">
            <h2 id="user-balances" className="admin-section-title">
              {t('userDetail.balances')}
            </h2>
            <dl className="admin-stats">
              {(
                [
                  'available',
                  'invested',
                  'pendingWithdrawal',
                  'totalDeposit',
                  'totalWithdrawal',
                  'totalProfit',
                  'referralBonus',
                ] as const
              ).map((key) => (
                <StatCard key={key} label={t(`userDetail.balance.${key}`)} value={money(format, data.balances[key])} />
              ))}
            </dl>
          </section>
          {section<UserDetail['deposits'][number]>(
            'deposits',
            data.deposits,
            [
              when('date', (row: UserDetail['deposits'][number]) => format.dateTime(row.createdAt)),
              amount,
              {
                key: 'plan',
                header: t('userDetail.columns.plan'),
                cell: (row) => row.planName ?? t('receipts.noPlan'),
              },
              status,
            ],
            (row) => row.id,
          )}
          <section aria-labelledby="user-chainDeposits" className="admin-user-section">
            <h2 id="user-chainDeposits" className="admin-section-title">
              {t('chains.payments.title')}
            </h2>
            <ChainPaymentsList payments={data.chainDeposits ?? []} withInvestor={false} />
          </section>
          {section<UserDetail['investments'][number]>(
            'investments',
            data.investments,
            [
              { key: 'plan', header: t('userDetail.columns.plan'), cell: (row) => row.planName },
              amount,
              {
                key: 'expected',
                header: t('userDetail.columns.expectedReturn'),
                numeric: true,
                cell: (row) => money(format, row.expectedReturn),
              },
              when('matures', (row: UserDetail['investments'][number]) => format.dateTime(row.maturesAt)),
              {
                key: 'status',
                header: t('userDetail.columns.status'),
                cell: (row) => t(`userDetail.investmentStatus.${row.status}`, { defaultValue: row.status }),
              },
            ],
            (row) => row.id,
          )}
          {section<UserDetail['withdrawals'][number]>(
            'withdrawals',
            data.withdrawals,
            [
              when('date', (row: UserDetail['withdrawals'][number]) => format.dateTime(row.createdAt)),
              amount,
              { key: 'method', header: t('userDetail.columns.method'), cell: (row) => row.method },
              status,
            ],
            (row) => row.id,
          )}
          {section<UserDetail['referrals'][number]>(
            'referrals',
            data.referrals,
            [
              {
                key: 'name',
                header: t('userDetail.columns.name'),
                cell: (row) => <span dir="auto">{row.name || row.email}</span>,
              },
              when('joined', (row: UserDetail['referrals'][number]) => format.date(row.joinedAt)),
              {
                key: 'bonus',
                header: t('userDetail.columns.bonus'),
                numeric: true,
                cell: (row) => money(format, row.bonus),
              },
            ],
            (row) => row.id,
          )}
          {section<UserDetail['sessions'][number]>(
            'sessions',
            data.sessions,
            [
              when('started', (row: UserDetail['sessions'][number]) => format.dateTime(row.createdAt)),
              when('expires', (row: UserDetail['sessions'][number]) => format.dateTime(row.expiresAt)),
            ],
            (row) => `${row.createdAt}-${row.expiresAt}`,
          )}
          <Suspense fallback={null}>
            <UserTermsSection userId={id} />
          </Suspense>
          <UserPrivacySection userId={id} />
        </>
      )}
    </div>
  );
}
