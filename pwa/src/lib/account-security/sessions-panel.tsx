import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountSecurityKeys, endOtherSessions, endSession, sessionsQuery } from './api';
import { useFormat } from '../format';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { describeUserAgent, securityErrorMessage } from './messages';
import './security.css';

/** The caller's open sessions, each with a sign-out, and one button for all the others. */
export function SessionsPanel() {
  const { t } = useTranslation('security');
  const format = useFormat();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.sessions });
  const endOne = useMutation({ mutationFn: endSession, onSuccess: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: refresh });
  const error = endOne.error ?? endOthers.error ?? sessions.error;

  return (
    <section className="security-panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessions.title')}</h2>
      <p>{t('sessions.lead')}</p>
      {sessions.isPending && <Spinner label={t('loading')} />}
      {sessions.data && (
        <ul className="security-sessions">
          {sessions.data.map((session) => (
            <li key={session.id}>
              <div className="security-sessions__what">
                <strong>{describeUserAgent(session.userAgent, t)}</strong>
                <span dir="ltr">{session.ip}</span>
                {session.lastSeenAt && (
                  <span>{t('sessions.lastActive', { when: format.dateTime(session.lastSeenAt) })}</span>
                )}
              </div>
              {session.current ? (
                <strong>{t('sessions.thisDevice')}</strong>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={endOne.isPending && endOne.variables === session.id}
                  onClick={() => endOne.mutate(session.id)}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.data && sessions.data.length > 1 && (
        <Button variant="danger" busy={endOthers.isPending} onClick={() => endOthers.mutate()}>
          {t('sessions.endOthers')}
        </Button>
      )}
      {error && (
        <p className="security-error" role="alert">
          {securityErrorMessage(error, t)}
        </p>
      )}
    </section>
  );
}
