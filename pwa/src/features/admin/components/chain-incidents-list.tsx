import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import { useChainIncidents, resolveChainIncident, type ChainIncident } from '../api/chains';
import { useDecision } from '../hooks/use-decision';
import { DecisionDialog } from './decision-dialog';
import { FormOutcome } from './form-outcome';
import { LoadState } from './load-state';

/**
 * What needs the operator: a credited payment a reorganisation dropped is never debited by itself. The operator
 * looks into it and closes it with what they found and did; open incidents come first. `only` keeps some of them
 * (the Payouts page shows a chain's open payout incidents).
 */
export function ChainIncidentsList({ only }: { only?: (incident: ChainIncident) => boolean } = {}) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const incidents = useChainIncidents();
  const shown = only ? incidents.data?.filter(only) : incidents.data;
  const messages = { done: t('chains.incidents.resolved'), failed: t('chains.incidents.resolveError') };
  const decision = useDecision<ChainIncident>(
    (_kind, incident, resolution) => resolveChainIncident(incident.id, resolution),
    {
      approved: messages.done,
      rejected: messages.done,
      approveFailed: messages.failed,
      rejectFailed: messages.failed,
      offline: t('common.offline'),
    },
  );
  const kindLabel = (incident: ChainIncident) =>
    `${t(`chains.incidents.kinds.${incident.kind}`, { defaultValue: incident.kind })} (${incident.chain})`;
  return (
    <>
      <FormOutcome outcome={decision.outcome} />
      <LoadState query={incidents} />
      {shown &&
        (shown.length === 0 ? (
          <p className="admin-state">{t('chains.incidents.none')}</p>
        ) : (
          <ul className="admin-incidents">
            {shown.map((incident) => (
              <li key={incident.id} className="admin-incident">
                <strong>{kindLabel(incident)}</strong>
                <span>{format.dateTime(incident.createdAt)}</span>
                <code className="admin-hash">{JSON.stringify(incident.details)}</code>
                {incident.resolvedAt ? (
                  <p className="admin-incident__resolution">
                    {t('chains.incidents.resolvedBy', {
                      who: incident.resolvedBy ?? '—',
                      when: format.dateTime(incident.resolvedAt),
                    })}{' '}
                    {incident.resolution}
                  </p>
                ) : (
                  <Button variant="secondary" onClick={() => decision.start('approve', incident)}>
                    {t('chains.incidents.resolve')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
      {decision.open && (
        <DecisionDialog
          key={decision.open.subject.id}
          title={t('chains.incidents.resolveTitle')}
          summary={<p>{kindLabel(decision.open.subject)}</p>}
          input={{
            label: t('chains.incidents.resolutionLabel'),
            hint: t('chains.incidents.resolutionHint'),
            requiredMessage: t('chains.incidents.resolutionRequired'),
            multiline: true,
          }}
          confirmLabel={t('chains.incidents.resolve')}
          busy={decision.busy}
          error={decision.dialogError.text}
          inputError={decision.dialogError.input}
          onConfirm={decision.submit}
          onClose={decision.close}
        />
      )}
    </>
  );
}
