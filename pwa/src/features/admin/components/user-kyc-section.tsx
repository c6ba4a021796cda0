import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useUserKyc } from '../api/user-kyc';
import { StatusBadge } from './status-badge';

/** The user's page: their identity level and latest identity submission, with the way to the review queue. */
export function UserKycSection({ userId }: { userId: string }) {
  const { t } = useTranslation('kyc');
  const format = useFormat();
  const kyc = useUserKyc(userId);
  const submission = kyc.data?.submission;
  return (
    <section aria-labelledby="user-kyc" className="admin-user-section">
      <h2 id="user-kyc" className="admin-section-title">
        {kyc.data ? t('desk.userLevel', { level: format.number(kyc.data.level) }) : t('desk.title')}
      </h2>
      {kyc.data && (
        <p>
          {submission ? (
            <>
              <StatusBadge status={submission.status} />{' '}
              {t('desk.userLatest', {
                status: t(`status.${submission.status}`),
                date: format.dateTime(submission.submittedAt),
              })}
              {submission.reason && <> {t('desk.reason', { reason: submission.reason })}</>}
            </>
          ) : (
            t('desk.userNone')
          )}
        </p>
      )}
      {submission && <Link to={`${paths.adminIdentityChecks}?status=${submission.status}`}>{t('desk.openQueue')}</Link>}
    </section>
  );
}
