import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import {
  cancelPendingPayoutAddress,
  payoutAddressesQuery,
  type PayoutKind,
  type PendingPayoutAddress,
} from './payout-addresses';
import { Button } from '../../components/ui/button';
import { securityErrorMessage } from './messages';
import './pending-payout-notice.css';
import './security.css';

const kindName: Record<PayoutKind, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT',
  litecoin: 'Litecoin',
  dogecoin: 'Dogecoin',
};

/**
 * A changed payout address waiting: for its e-mailed link, or for the hold to end (and when it takes
 * over). Its owner can cancel it, e.g. a change they did not ask for.
 */
export function PendingPayoutNotice({
  kind,
  pending,
  holdHours,
}: {
  kind: PayoutKind;
  pending: PendingPayoutAddress;
  holdHours: number;
}) {
  const { t } = useTranslation('security');
  const format = useFormat();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelPendingPayoutAddress(kind),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutAddressesQuery().queryKey }),
  });
  // Isolated, so an address next to punctuation keeps its order in right-to-left text.
  const address = pending.address ? `\u2068${pending.address}\u2069` : t('payout.removal');
  const text = pending.takesEffectAt
    ? t('payout.takesEffect', { method: kindName[kind], address, when: format.dateTime(pending.takesEffectAt) })
    : t('payout.awaitingLink', { method: kindName[kind], address, hours: holdHours });
  return (
    <div className="notice pending-payout">
      <p role="status">{text}</p>
      {cancel.error && (
        <p className="security-error" role="alert">
          {securityErrorMessage(cancel.error, t)}
        </p>
      )}
      <Button variant="secondary" size="sm" busy={cancel.isPending} onClick={() => cancel.mutate()}>
        {t('payout.cancel', { method: kindName[kind] })}
      </Button>
    </div>
  );
}
