import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useUserData } from '../../../lib/queries/investor';
import { useOnline } from '../../../lib/hooks/use-online';
import { referralsQuery } from '../api/referrals-query';
import { CopyLinkField } from '../components/copy-link-field';
import { ReferralsTable } from '../components/referrals-table';
import '../referrals.css';

/** Referral page: the investor's link, how many joined with it and the bonus earned, from GET /api/referrals. */
export function ReferralPage() {
  const { t } = useTranslation('investor');
  const format = useFormat();
  const online = useOnline();
  const user = useUserData();
  const referrals = useQuery(referralsQuery());
  const error = user.error ?? referrals.error;
  const offline = !online || (error instanceof ApiError && error.status === 0);

  let content;
  if (user.isSuccess && referrals.isSuccess) {
    const { data } = referrals;
    content = !user.data?.firstName ? (
      <p>{t('referrals.noUserData')}</p>
    ) : (
      <>
        <Card as="section" className="referral-summary">
          <p className="referral-summary__welcome">{t('referrals.welcome', { firstName: user.data.firstName })}</p>
          <p>{t('referrals.intro')}</p>
          <CopyLinkField label={t('referrals.linkLabel')} link={data.referralLink} />
          <dl className="referral-summary__figures">
            <div>
              <dt>{t('referrals.count')}</dt>
              <dd>{format.number(data.referralsCount)}</dd>
            </div>
            <div>
              <dt>{t('referrals.bonus')}</dt>
              <dd>
                {format.currency(data.referralBonus, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
              </dd>
            </div>
          </dl>
        </Card>
        <ReferralsTable referrals={data.referrals} />
      </>
    );
  } else if (error || offline) {
    content = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('common.offline') : t('referrals.error')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            void user.refetch();
            void referrals.refetch();
          }}
        >
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    content = <p role="status">{t('common.loading')}</p>;
  }

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('referrals.title')}</h1>
      {content}
    </div>
  );
}
