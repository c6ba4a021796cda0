import { useTranslation } from 'react-i18next';
import './connection-status.css';

type Props = {
  /** Whether the server answers (the shells: useServerReachable). */
  online: boolean;
  /** Saved items (receipts, profile edits) still to send: shown as "sending n" while online. */
  sending?: number;
  /** What being offline means here: pages read this device's saved copies, or (admin) nothing works without the server. */
  offlineMeans?: 'savedCopies' | 'needsConnection';
};

/** Online, offline, or sending n saved items: one line under a shell's top bar. */
export function ConnectionStatus({ online, sending = 0, offlineMeans = 'savedCopies' }: Props) {
  const { t } = useTranslation('common');
  let state: 'online' | 'offline' | 'syncing' = 'online';
  if (!online) state = 'offline';
  else if (sending > 0) state = 'syncing';
  let text = t('connection.online');
  if (state === 'syncing') text = t('connection.syncing', { count: sending });
  else if (state === 'offline')
    text = t(offlineMeans === 'savedCopies' ? 'connection.offline' : 'connection.offlineNeedsConnection');
  return (
    <p className={`connection-status connection-status--${state}`} aria-live="polite" data-state={state}>
      <span className="connection-status__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
