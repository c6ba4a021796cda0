import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/qr-code';
import { useFormat } from '../../../lib/format';
import type { AdminWithdrawal } from '../api/withdrawals';
import { coinName } from '../utils/money';
import { payLinkOf } from '../utils/on-chain-withdrawal';
import { ShortValue } from './short-value';

/**
 * What the admin pays from their own wallet for an approved on-chain withdrawal: the exact coin amount fixed at
 * approval, the investor's address, and the EIP-681 link with its QR code that a wallet opens with both filled in.
 */
export function WithdrawalPayment({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const coins = format.isolate(`${withdrawal.coinAmount ?? ''} ${coinName(withdrawal.coin ?? '')}`);
  const link = payLinkOf(withdrawal);
  return (
    <div className="admin-payment">
      <p>{t('withdrawals.paySummary', { coins, user: withdrawal.user?.email ?? '' })}</p>
      <p className="admin-address">
        <ShortValue kind="hash" value={withdrawal.address} />
      </p>
      {link ? (
        <>
          <QrCode text={link} label={t('withdrawals.payQr', { coins })} size={160} />
          <p>
            <a href={link} dir="ltr">
              {t('withdrawals.payLink', { coins })}
            </a>
          </p>
        </>
      ) : (
        <p className="admin-reason">{t('withdrawals.payByHand')}</p>
      )}
    </div>
  );
}
