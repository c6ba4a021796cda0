import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/hooks/use-now';
import { useSpeaksForMarket } from './market-notice-scope';

type DataFreshnessProps = {
  asOf: string;
  live: boolean;
  source?: 'live' | 'cache' | 'snapshot';
  /** Set when the answer came from this device's saved copy rather than the network. */
  savedOnDeviceAt?: number;
  now?: number;
};

/** Says plainly whether prices are live and how old they are (spec: the page says when prices are not live). */
export function DataFreshness({ asOf, live, source, savedOnDeviceAt, now: fixedNow }: DataFreshnessProps) {
  const currentTime = useNow();
  const now = fixedNow ?? currentTime;
  const { t } = useTranslation('home');
  const format = useFormat();
  const age = format.age(asOf, now);
  const date = format.dateTime(asOf);
  const lines: string[] = [];
  if (savedOnDeviceAt !== undefined) lines.push(t('market.offlineCopy', { age: format.age(savedOnDeviceAt, now) }));
  if (source === 'snapshot') lines.push(t('market.sample', { date }));
  else if (!live) lines.push(t('market.notLive', { age, date }));
  const warn = lines.length > 0;
  // On a page with several market sections the warning is said once, by the first of them.
  const speaks = useSpeaksForMarket(warn);
  if (warn && !speaks) return null;
  return (
    <p className={warn ? 'notice data-freshness' : 'data-freshness data-freshness--live'} role="status">
      {warn ? lines.join(' ') : t('market.live', { age })}
    </p>
  );
}
