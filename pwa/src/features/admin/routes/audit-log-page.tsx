import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { Table } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { useFormat } from '../../../lib/format';
import { auditActions } from '../../../../../api/contracts/audit';
import { auditFilterParams, useAuditLog, AUDIT_PAGE_SIZE, type AuditEntry } from '../api/audit-log';
import { AuditChange } from '../components/audit-change';
import { ExportLink } from '../components/export-link';
import { LoadState } from '../components/load-state';
import { ShortValue } from '../components/short-value';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { auditActionKey, auditSubjectKey } from '../utils/audit-wording';

/** Audit Log: every admin action (who, what, on which record, when, and what changed), newest first. */
export function AuditLogPage() {
  const { t } = useTranslation('admin');
  const { t: desk } = useTranslation('admin-desk');
  const format = useFormat();
  const actionName = (action: string) => desk(auditActionKey(action), { defaultValue: action });
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [actorInput, setActorInput] = useState('');
  const actor = useDebouncedValue(actorInput.trim(), 300);
  const filter = { action, actor };
  const log = useAuditLog(page, filter);

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('audit.title')}</h1>
      <div className="admin-toolbar">
        <div className="admin-filter">
          <Select
            label={t('audit.filterAction')}
            value={action}
            options={[
              { value: '', label: t('filter.all') },
              ...auditActions.map((value) => ({ value, label: actionName(value) })),
            ]}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <TextField
          label={t('audit.filterActor')}
          type="search"
          value={actorInput}
          onChange={(event) => {
            setActorInput(event.target.value);
            setPage(1);
          }}
        />
        <ExportLink table="audit-log" filter={auditFilterParams(filter)} />
      </div>
      <LoadState query={log} />
      {log.data && (
        <>
          <Table<AuditEntry>
            caption={t('audit.caption')}
            hideCaption
            rows={log.data.entries}
            rowKey={(row) => String(row.id)}
            empty={t('audit.empty')}
            columns={[
              { key: 'when', header: t('audit.columns.when'), cell: (row) => format.dateTime(row.createdAt) },
              {
                key: 'who',
                header: t('audit.columns.who'),
                cell: (row) =>
                  row.actor?.email ? <ShortValue kind="email" value={row.actor.email} /> : t('audit.system'),
              },
              {
                key: 'what',
                header: t('audit.columns.what'),
                cell: (row) => actionName(row.action),
              },
              {
                key: 'subject',
                header: t('audit.columns.subject'),
                cell: (row) => (
                  <>
                    {desk(auditSubjectKey(row.subjectType), { defaultValue: row.subjectType })}
                    {row.subjectId && (
                      <>
                        {' '}
                        {row.subjectType === 'export' ? (
                          <code>{row.subjectId}</code>
                        ) : (
                          <ShortValue kind="id" value={row.subjectId} />
                        )}
                      </>
                    )}
                  </>
                ),
              },
              {
                key: 'change',
                header: t('audit.columns.change'),
                cell: (row) => <AuditChange before={row.before} after={row.after} />,
              },
            ]}
          />
          <Pagination
            page={page}
            totalPages={pageCount(log.data.total, AUDIT_PAGE_SIZE)}
            onPage={setPage}
            label={t('pagination.label')}
            pageLabel={(item) => t('pagination.page', { page: item })}
          />
        </>
      )}
    </div>
  );
}
