import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { pushState, turnOffPush, turnOnPush, type PushState } from './push-subscription';
import './push-switch.css';

const pushStateKey = ['push-state'] as const;

/**
 * "Turn on notifications" for this browser. Permission is asked only when the person presses the button, never on
 * load; a browser that cannot show push, or where it was refused, says so and why.
 */
export function PushSwitch() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: pushStateKey, queryFn: pushState, staleTime: Infinity, retry: false });
  const change = useMutation({
    mutationFn: (turnOn: boolean) => (turnOn ? turnOnPush() : turnOffPush()),
    onSuccess: (next: PushState) => queryClient.setQueryData(pushStateKey, next),
  });
  const current = state.data;
  return (
    <div className="push-switch">
      {current && (
        <p role="status" className="push-switch__state">
          {t(`push.state.${current}`)}
        </p>
      )}
      {current === 'off' && (
        <Button busy={change.isPending} onClick={() => change.mutate(true)}>
          {t('push.turnOn')}
        </Button>
      )}
      {current === 'on' && (
        <Button variant="secondary" busy={change.isPending} onClick={() => change.mutate(false)}>
          {t('push.turnOff')}
        </Button>
      )}
      {change.isError && (
        <p className="notice" role="alert">
          {t(change.variables ? 'push.turnOnFailed' : 'push.turnOffFailed', {
            reason: (change.error as { message?: string }).message ?? String(change.error),
          })}
        </p>
      )}
    </div>
  );
}
