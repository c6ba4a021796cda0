import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { amountSlots, SentenceWithAmounts } from '../../../components/ui/sentence-with-amounts';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useFundHolds } from '../api/fund-holds';

/**
 * Each deposit still held: how much, since when, why, and what releases it (verifying identity for one above the
 * limit of the investor's level). Shown only when the holdings say some money is held.
 */
export function HeldMoney({ held }: { held: number }) {
  const { t } = useTranslation('assets');
  const format = useFormat();
  const holds = useFundHolds(held > 0);
  const open = holds.data?.holds.filter((hold) => hold.releasedAt === null) ?? [];
  if (held <= 0 || open.length === 0) return null;
  return (
    <section className="card assets-held" aria-labelledby="assets-held-title">
      <h2 id="assets-held-title">{t('held.title')}</h2>
      <ul className="assets-held__list">
        {open.map((hold) => (
          <li key={hold.id} className="assets-held__item">
            <p className="assets-held__amount">
              <SentenceWithAmounts
                text={t('held.item', { ...amountSlots('amount'), date: format.dateTime(hold.createdAt) })}
                dollars={{ amount: hold.amount }}
              />
            </p>
            <p>{t(`held.reason.${hold.reason}`)}</p>
            <p className="assets-held__next">
              {t(`held.releases.${hold.reason}`)}{' '}
              {hold.reason === 'kyc_limit' && <Link to={paths.kyc}>{t('held.verifyLink')}</Link>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
