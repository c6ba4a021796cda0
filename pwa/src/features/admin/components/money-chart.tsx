import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { DailyFlow } from '../api/stats';
import { money } from '../utils/money';

const width = 640;
const height = 220;
const pad = { top: 12, right: 12, bottom: 28, left: 64 };

/** A readable upper bound for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number) {
  if (value <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/**
 * Confirmed deposits and paid withdrawals per day, as two bar series in plain SVG (no chart library).
 * The figures are also in a visually hidden table, so a screen reader gets every value.
 */
export function MoneyChart({ days }: { days: DailyFlow[] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const top = niceMax(Math.max(0, ...days.flatMap((day) => [day.deposits.amount, day.withdrawals.amount])));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const bar = Math.max(1, slot / 2 - 1);
  const y = (amount: number) => pad.top + plotHeight - (amount / top) * plotHeight;
  const dayLabel = (date: string) =>
    format.date(`${date}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const ticks = [0, 0.5, 1].map((share) => share * top);

  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('chart.label')} className="admin-chart__svg">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" className="admin-chart__tick">
              {format.compactCurrency(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = pad.left + index * slot;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={y(day.deposits.amount)}
                width={bar}
                height={plotHeight + pad.top - y(day.deposits.amount)}
                className="admin-chart__deposits"
              >
                <title>{`${dayLabel(day.date)}: ${t('chart.deposits')} ${money(format, day.deposits.amount)}`}</title>
              </rect>
              <rect
                x={x + bar + 1}
                y={y(day.withdrawals.amount)}
                width={bar}
                height={plotHeight + pad.top - y(day.withdrawals.amount)}
                className="admin-chart__withdrawals"
              >
                <title>{`${dayLabel(day.date)}: ${t('chart.withdrawals')} ${money(format, day.withdrawals.amount)}`}</title>
              </rect>
              {index % 7 === 0 && (
                <text x={x + slot / 2} y={height - 8} textAnchor="middle" className="admin-chart__tick">
                  {dayLabel(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="admin-chart__legend">
        <span>
          <span className="admin-chart__key admin-chart__key--deposits" aria-hidden="true" />
          {t('chart.deposits')}
        </span>
        <span>
          <span className="admin-chart__key admin-chart__key--withdrawals" aria-hidden="true" />
          {t('chart.withdrawals')}
        </span>
      </figcaption>
      {/* Hidden by a box around it: a table ignores its own 1px width and pushed a phone's page 150 px wide. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('chart.label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              <th scope="col">{t('chart.deposits')}</th>
              <th scope="col">{t('chart.withdrawals')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>{money(format, day.deposits.amount)}</td>
                <td>{money(format, day.withdrawals.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
