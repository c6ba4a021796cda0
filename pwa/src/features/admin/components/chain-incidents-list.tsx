import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { chainIncidentsQuery } from '../api/chains';
import { LoadState } from './load-state';

/** What needs the operator: a credited payment a reorganisation dropped is never debited by itself. */
export function ChainIncidentsList() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const incidents = useQuery(chainIncidentsQuery());
  return (
    <>
      <LoadState query={incidents} />
      {incidents.data &&
        (incidents.data.length === 0 ? (
          <p className="admin-state">{t('chains.incidents.none')}</p>
        ) : (
          <ul className="admin-incidents">
            {incidents.data.map((incident) => (
              <li key={incident.id} className="admin-incident">
                <strong>
                  {t(`chains.incidents.kinds.${incident.kind}`, { defaultValue: incident.kind })} ({incident.chain})
                </strong>
                <span>{format.dateTime(incident.createdAt)}</span>
                <code className="admin-hash">{JSON.stringify(incident.details)}</code>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
