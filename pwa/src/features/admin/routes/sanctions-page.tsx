import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { decisionsFor, sanctionsListNames } from '../../../../../api/contracts/sanctions';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Table, type TableColumn } from '../../../components/ui/table';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { invalidateAdminData } from '../api/admin-keys';
import {
  decideSanctionsIncident,
  uploadSanctionsList,
  useSanctionsIncidents,
  useSanctionsLists,
  type SanctionsDecision,
  type SanctionsIncident,
  type SanctionsListName,
  type SanctionsListSummary,
} from '../api/sanctions';
import { DecisionDialog } from '../components/decision-dialog';
import { FormOutcome, type Outcome } from '../components/form-outcome';
import { LoadState } from '../components/load-state';
import { useDecision } from '../hooks/use-decision';

type Choice = { incident: SanctionsIncident; decision: SanctionsDecision };

/** Loads a coin's list: the file replaces the list in force, and the server screens what is stored against it. */
function ListUpload() {
  const { t } = useTranslation(['sanctions', 'funds']);
  const { t: admin } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [chain, setChain] = useState<SanctionsListName>('bitcoin');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const upload = useMutation({
    networkMode: 'always',
    mutationFn: () => uploadSanctionsList(chain, file!),
    onSuccess: (loaded) => {
      setOutcome({
        tone: 'success',
        text: t('upload.done', {
          addresses: loaded.addresses,
          skipped: loaded.skippedLines,
          incidents: loaded.newIncidents,
        }),
      });
      void invalidateAdminData(queryClient);
    },
    onError: (error) =>
      setOutcome({
        tone: 'error',
        text:
          error instanceof ApiError && error.status === 0
            ? admin('common.offline')
            : t('upload.failed', { reason: error instanceof ApiError ? error.message : '' }),
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!file) {
      setFileError(t('upload.fileRequired'));
      return;
    }
    upload.mutate();
  };
  return (
    <form className="admin-form sanctions-upload" onSubmit={submit} noValidate>
      <h2 className="admin-section-title">{t('upload.title')}</h2>
      <Select
        label={t('lists.coin')}
        name="chain"
        value={chain}
        onChange={(event) => setChain(event.target.value as SanctionsListName)}
        options={sanctionsListNames.map((name) => ({ value: name, label: t(`funds:coins.${name}`) }))}
      />
      <div className="field">
        <label className="field__label" htmlFor="sanctions-file">
          {t('upload.file')}
        </label>
        <input
          id="sanctions-file"
          name="file"
          type="file"
          accept=".txt,.csv,text/plain"
          className="field__control"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'sanctions-file-error' : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(undefined);
          }}
        />
        {fileError && (
          <p id="sanctions-file-error" className="field__error">
            {fileError}
          </p>
        )}
      </div>
      <Button type="submit" busy={upload.isPending}>
        {upload.isPending ? t('upload.busy') : t('upload.submit')}
      </Button>
      <FormOutcome outcome={outcome} />
    </form>
  );
}

/**
 * Sanctions screening: the lists in force (size and load time per coin), loading a new one, and the open incidents,
 * each decided by a person with a note (no automatic confiscation).
 */
export function SanctionsPage() {
  const { t } = useTranslation(['sanctions', 'funds']);
  const { t: admin } = useTranslation('admin');
  const format = useFormat();
  const lists = useSanctionsLists();
  const incidents = useSanctionsIncidents();
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  const decision = useDecision<Choice>(
    (_kind, choice, note) => decideSanctionsIncident(choice.incident.id, choice.decision, note),
    {
      approved: t('incidents.decided'),
      rejected: t('incidents.decided'),
      approveFailed: t('incidents.decideFailed'),
      rejectFailed: t('incidents.decideFailed'),
      offline: admin('common.offline'),
    },
  );
  const coin = (name: string) => t(`funds:coins.${name}`, { defaultValue: name });
  const listColumns: TableColumn<SanctionsListSummary>[] = [
    { key: 'coin', header: t('lists.coin'), cell: (row) => coin(row.chain), nowrap: true },
    {
      key: 'size',
      header: t('lists.size'),
      cell: (row) => format.number(row.addresses),
      numeric: true,
      primary: true,
    },
    {
      key: 'loaded',
      header: t('lists.loadedAt'),
      cell: (row) => (row.loadedAt ? format.dateTime(row.loadedAt) : t('lists.never')),
    },
    {
      key: 'source',
      header: t('lists.source'),
      cell: (row) => (row.source ? t(`lists.sources.${row.source}`) : '—'),
    },
  ];
  const open = incidents.data?.filter((incident) => incident.decidedAt === null);
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <LoadState query={lists} />
      {lists.data && (
        <Table caption={t('lists.title')} columns={listColumns} rows={lists.data} rowKey={(row) => row.chain} />
      )}
      <ListUpload />
      <h2 className="admin-section-title">{t('incidents.title')}</h2>
      <FormOutcome outcome={decision.outcome} />
      <LoadState query={incidents} />
      {open &&
        (open.length === 0 ? (
          <p className="admin-state">{t('incidents.none')}</p>
        ) : (
          <ul className="admin-incidents">
            {open.map((incident) => (
              <li key={incident.id} className="admin-incident" data-testid="sanctions-incident">
                <strong>
                  {t(`incidents.kinds.${incident.kind}`)} ({coin(incident.chain)})
                </strong>
                <span>{format.dateTime(incident.createdAt)}</span>
                <span>
                  {t('incidents.investor')}: <bdi>{incident.email ?? incident.userId}</bdi>
                </span>
                <span>
                  {t('incidents.address')}: <code className="admin-hash">{incident.address}</code>
                </span>
                <span className="admin-actions">
                  {decisionsFor[incident.kind].map((choice, index) => (
                    <Button
                      key={choice}
                      variant={index === 0 ? 'secondary' : 'danger'}
                      onClick={() => decision.start('approve', { incident, decision: choice })}
                    >
                      {t(`incidents.decisions.${choice}`)}
                    </Button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        ))}
      {decision.open && (
        <DecisionDialog
          key={`${decision.open.subject.incident.id}:${decision.open.subject.decision}`}
          title={`${t(`incidents.decisions.${decision.open.subject.decision}`)}: ${t(`incidents.kinds.${decision.open.subject.incident.kind}`)}`}
          summary={
            <p>
              <bdi>{decision.open.subject.incident.email}</bdi> · <code>{decision.open.subject.incident.address}</code>
            </p>
          }
          input={{
            label: t('incidents.noteLabel'),
            hint: t('incidents.noteHint'),
            requiredMessage: t('incidents.noteRequired'),
            multiline: true,
            accepts: (value) => value.length >= 3,
          }}
          confirmLabel={t(`incidents.decisions.${decision.open.subject.decision}`)}
          danger={decision.open.subject.decision === 'reject'}
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
