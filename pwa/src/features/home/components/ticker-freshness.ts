import type { WithOfflineCopy } from '../../../lib/offline/public-copy';
import type { MarketCoinsResponse } from '../api/get-market-coins';

/** How current the ticker's prices are: anything but live is labelled on the strip itself, where the figures are read. */
export type TickerFreshness = 'live' | 'delayed' | 'saved' | 'sample';

/** The strongest reason wins: sample figures stay sample figures even when read from the device's copy. */
export function tickerFreshness({ data, fromDevice }: WithOfflineCopy<MarketCoinsResponse>): TickerFreshness {
  if (data.source === 'snapshot') return 'sample';
  if (fromDevice) return 'saved';
  return data.live ? 'live' : 'delayed';
}
