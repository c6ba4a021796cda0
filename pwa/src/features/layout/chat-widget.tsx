import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredOperatorConfig } from '../../lib/operator-config/operator-config-deferred';
import './chat-widget.css';

/** The third-party live chat and the messaging button exist only when the operator configured them. */
export function ChatWidget() {
  const { t } = useTranslation('common');
  const config = useDeferredOperatorConfig();
  const scriptUrl = config?.chatWidgetScriptUrl;

  useEffect(() => {
    if (!scriptUrl || document.querySelector(`script[data-chat-widget]`)) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.chatWidget = 'true';
    document.body.append(script);
  }, [scriptUrl]);

  if (!config?.messagingLink) return null;
  return (
    <a className="messaging-button" href={config.messagingLink} target="_blank" rel="noopener noreferrer">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26">
        <path
          fill="currentColor"
          d="M12 3C7 3 3 6.6 3 11c0 2.3 1.1 4.4 2.9 5.8L5 21l4.3-2.3c.9.2 1.8.3 2.7.3 5 0 9-3.6 9-8s-4-8-9-8z"
        />
      </svg>
      <span className="visually-hidden">{t('chat.messagingButton')}</span>
    </a>
  );
}
