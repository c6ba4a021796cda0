import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { termsKeys, useTermsStatus } from './terms-api';
import { acceptTerms } from './terms-requests';
import { TermsDialog } from './terms-dialog';
import { setTermsAsker } from './terms-asker';

type Waiting = { version: string; answers: ((accepted: boolean) => void)[] };

/**
 * The signed-in investor's terms check: on sign-in, when the version they accepted is not the current one, and on
 * any money action the server refused with 409 `terms_not_accepted`, the dialog asks them to accept; the action
 * waiting on it is then sent again (see `api-client.ts`).
 */
export function TermsGate() {
  const queryClient = useQueryClient();
  const status = useTermsStatus();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const dismissed = useRef<string | null>(null);

  const ask = useCallback(
    (version: string) =>
      new Promise<boolean>((answer) =>
        setWaiting((current) =>
          current ? { version, answers: [...current.answers, answer] } : { version, answers: [answer] },
        ),
      ),
    [],
  );

  useEffect(() => {
    setTermsAsker(ask);
    return () => setTermsAsker(null);
  }, [ask]);

  // Out of date at sign-in: asked once per version in this visit (a money action asks again).
  const { data } = status;
  useEffect(() => {
    if (!data || data.acceptedVersion === data.version || dismissed.current === data.version) return;
    setWaiting((current) => current ?? { version: data.version, answers: [] });
  }, [data]);

  if (!waiting) return null;

  const finish = (accepted: boolean) => {
    if (!accepted) dismissed.current = waiting.version;
    for (const answer of waiting.answers) answer(accepted);
    setWaiting(null);
  };

  return (
    <TermsDialog
      version={waiting.version}
      onAccept={async () => {
        const accepted = await acceptTerms(waiting.version);
        queryClient.setQueryData(termsKeys.status, accepted);
        void queryClient.invalidateQueries({ queryKey: termsKeys.acceptances });
        finish(true);
      }}
      onClose={() => finish(false)}
    />
  );
}
