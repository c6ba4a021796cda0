import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { KycImageField } from '../../../../../api/contracts/kyc';
import { Button } from '../../../components/ui/button';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { Table } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import {
  approveKyc,
  kycDocumentUrl,
  kycStatuses,
  KYC_PAGE_SIZE,
  rejectKyc,
  useKycSubmissions,
  type AdminKycSubmission,
} from '../api/kyc-review';
import { DecisionDialog } from '../components/decision-dialog';
import { FormOutcome } from '../components/form-outcome';
import { ListTotal } from '../components/list-total';
import { LoadState } from '../components/load-state';
import { ShortValue } from '../components/short-value';
import { StatusBadge } from '../components/status-badge';
import { StatusFilter, useStatusFilter } from '../components/status-filter';
import { useDecision } from '../hooks/use-decision';
import { useListPage } from '../hooks/use-list-page';
import '../admin-kyc.css';

/** The three images of a submission, shown from the admin-only route (sandboxed); each opens full size. */
function KycImages({ submission }: { submission: AdminKycSubmission }) {
  const { t } = useTranslation('kyc');
  if (submission.documents.length === 0) return <p>{t('desk.documentsRemoved')}</p>;
  return (
    <div className="admin-kyc-images">
      {submission.documents.map((field: KycImageField) => (
        <figure key={field} className="admin-preview admin-preview--small">
          <a href={kycDocumentUrl(submission.id, field)} target="_blank" rel="noopener" className="admin-preview__open">
            <img
              src={kycDocumentUrl(submission.id, field)}
              alt={t(`desk.imageAlt.${field}`, { name: submission.legalName ?? '' })}
            />
          </a>
          <figcaption>{t(`form.images.${field}`)}</figcaption>
        </figure>
      ))}
    </div>
  );
}

/** Identity checks: the operator's own review of each submission, approve or reject with a reason the investor reads. */
export function IdentityChecksPage() {
  const { t } = useTranslation('kyc');
  const { t: admin } = useTranslation('admin');
  const format = useFormat();
  const [filter, setFilter] = useStatusFilter(kycStatuses, 'pending');
  const list = useListPage(filter);
  const submissions = useKycSubmissions(filter, list.page);
  const decision = useDecision<AdminKycSubmission>(
    (kind, submission, reason) => (kind === 'approve' ? approveKyc(submission.id) : rejectKyc(submission.id, reason)),
    {
      approved: t('desk.approved'),
      rejected: t('desk.rejected'),
      approveFailed: t('desk.approveError'),
      rejectFailed: t('desk.rejectError'),
      offline: admin('common.offline'),
    },
  );
  const open = decision.open;
  const who = (row: AdminKycSubmission) => row.legalName ?? row.userEmail ?? row.userId;

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('desk.title')}</h1>
      <p className="admin-page__intro">{t('desk.intro')}</p>
      <div className="admin-toolbar">
        <StatusFilter choices={kycStatuses} value={filter} onChange={setFilter} />
      </div>
      <FormOutcome outcome={decision.outcome} />
      <LoadState query={submissions} />
      {submissions.data && (
        <>
          <ListTotal total={submissions.data.total} />
          <Table<AdminKycSubmission>
            caption={t('desk.title')}
            hideCaption
            rows={submissions.data.submissions}
            rowKey={(row) => row.id}
            empty={t('desk.empty')}
            columns={[
              {
                key: 'submitted',
                header: t('desk.columns.submitted'),
                cell: (row) => format.dateTime(row.submittedAt),
              },
              {
                key: 'investor',
                header: t('desk.columns.investor'),
                cell: (row) => (
                  <div className="admin-cell-stack">
                    <Link className="admin-kyc-name" to={paths.adminUserDetail(row.userId)}>
                      <bdi>{row.legalName ?? t('desk.erased')}</bdi>
                    </Link>
                    {row.userEmail && <ShortValue kind="email" value={row.userEmail} />}
                  </div>
                ),
              },
              {
                key: 'identity',
                header: t('desk.columns.identity'),
                cell: (row) => (
                  <div className="admin-cell-stack">
                    <span>
                      {row.documentType ? t(`documentTypes.${row.documentType}`) : '—'}{' '}
                      <bdi dir="ltr">{row.documentNumber}</bdi>
                    </span>
                    <span className="admin-reason">
                      {t('desk.bornIn', {
                        date: row.dateOfBirth ? format.date(`${row.dateOfBirth}T12:00:00Z`) : '—',
                        country: row.country ?? '—',
                      })}
                    </span>
                  </div>
                ),
              },
              {
                key: 'status',
                header: t('desk.columns.status'),
                cell: (row) => (
                  <div className="admin-cell-stack">
                    <StatusBadge status={row.status} />
                    {row.reason && <span className="admin-reason">{t('desk.reason', { reason: row.reason })}</span>}
                  </div>
                ),
              },
              {
                key: 'actions',
                header: t('desk.columns.actions'),
                cell: (row) =>
                  row.status === 'pending' ? (
                    <div className="admin-actions">
                      <Button size="sm" onClick={() => decision.start('approve', row)}>
                        {t('desk.approve')}
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => decision.start('reject', row)}>
                        {t('desk.reject')}
                      </Button>
                    </div>
                  ) : (
                    <span className="admin-reason">{row.decidedAt ? format.dateTime(row.decidedAt) : '—'}</span>
                  ),
              },
            ]}
          />
          <Pagination
            page={list.page}
            totalPages={pageCount(submissions.data.total, KYC_PAGE_SIZE)}
            onPage={list.setPage}
            label={admin('pagination.label')}
            pageLabel={(item) => admin('pagination.page', { page: item })}
          />
        </>
      )}
      {open && (
        <DecisionDialog
          key={`${open.kind}-${open.subject.id}`}
          title={
            open.kind === 'approve'
              ? t('desk.approveTitle', { name: who(open.subject) })
              : t('desk.rejectTitle', { name: who(open.subject) })
          }
          summary={
            <>
              <p>{open.kind === 'approve' ? t('desk.approveSummary') : t('desk.rejectSummary')}</p>
              <dl className="admin-kyc-facts">
                <dt>{t('form.legalName')}</dt>
                <dd>
                  <bdi>{open.subject.legalName}</bdi>
                </dd>
                <dt>{t('form.dateOfBirth')}</dt>
                <dd>{open.subject.dateOfBirth}</dd>
                <dt>{t('form.country')}</dt>
                <dd>{open.subject.country}</dd>
                <dt>{t('form.documentNumber')}</dt>
                <dd>
                  <bdi dir="ltr">{open.subject.documentNumber}</bdi>
                </dd>
              </dl>
              <KycImages submission={open.subject} />
            </>
          }
          input={
            open.kind === 'reject'
              ? {
                  label: t('desk.reasonLabel'),
                  hint: t('desk.reasonHint'),
                  requiredMessage: t('desk.reasonRequired'),
                  multiline: true,
                  accepts: (text: string) => text.length >= 3 && text.length <= 500,
                }
              : undefined
          }
          confirmLabel={open.kind === 'approve' ? t('desk.approve') : t('desk.reject')}
          danger={open.kind === 'reject'}
          busy={decision.busy}
          error={decision.dialogError.text}
          inputError={decision.dialogError.input}
          onConfirm={decision.submit}
          onClose={decision.close}
        />
      )}
    </div>
  );
}
