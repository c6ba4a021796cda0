import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Table } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { useFormat } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import {
  useApprovedWithdrawals,
  useBuildPayoutBatch,
  usePayoutPreview,
  type PayoutBatchRequest,
} from '../api/payout-batches';
import type { AdminWithdrawal } from '../api/withdrawals';
import { money } from '../utils/money';
import { coinText, feeRateBounds, parseFeeRate } from '../utils/payout-amounts';
import { refusalText } from '../utils/refusal';
import { FormOutcome, type Outcome } from './form-outcome';
import { LoadState } from './load-state';
import { PayoutPreview } from './payout-preview';
import { ShortValue } from './short-value';
import { WholeAddress } from './whole-address';

// Without the node's estimate, a rate that usually confirms within the hour on Bitcoin and Litecoin alike.
const fallbackFeeRate = 2;

/**
 * The approved withdrawals of one chain, all ticked at first, the fee rate (the node's suggestion until the admin
 * types one) and what the batch would cost, asked again once the choice has settled; then "Build batch".
 */
export function PayoutBuilder({ chain }: { chain: string }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const approved = useApprovedWithdrawals();
  const build = useBuildPayoutBatch();
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [typedRate, setTypedRate] = useState<string | null>(null);
  const [suggested, setSuggested] = useState<number | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const rows = (approved.data ?? []).filter((row) => row.coin === chain);
  const selected = rows.filter((row) => !excluded.has(row.id));
  const rateText = typedRate ?? (suggested === undefined ? '' : String(suggested ?? fallbackFeeRate));
  const rate = parseFeeRate(rateText);
  const rateError = typedRate !== null && rate === null;
  const request: PayoutBatchRequest = {
    chain,
    withdrawalIds: selected.map((row) => row.id),
    ...(rate === null ? {} : { feeRate: rate }),
  };
  // Asked once typing and ticking have stopped for a moment, not on every key.
  const settled = JSON.parse(useDebouncedValue(JSON.stringify(request), 400)) as PayoutBatchRequest;
  const previewing = (settled.withdrawalIds?.length ?? 0) > 0 && !rateError;
  const preview = usePayoutPreview(settled, previewing);
  // The node's suggestion comes with the first preview and fills the fee rate until the admin types one; without one
  // (no estimate, or no preview) the fallback does.
  if (suggested === undefined && (preview.data || preview.isError))
    setSuggested(preview.data?.suggestedFeeRate ?? null);
  const estimate = preview.data?.suggestedFeeRate;

  const toggle = (row: AdminWithdrawal) =>
    setExcluded((current) => {
      const next = new Set(current);
      if (!next.delete(row.id)) next.add(row.id);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rate === null || selected.length === 0) return;
    setOutcome(null);
    build.mutate(request, {
      onSuccess: ({ batch }) => {
        setExcluded(new Set());
        setOutcome({ tone: 'success', text: t('payouts.built', { id: batch.id.slice(0, 8) }) });
      },
      onError: (error) => setOutcome({ tone: 'error', text: refusalText(error, t, t('payouts.buildFailed')) }),
    });
  };

  // The outcome stays when the batch just built took the last approved withdrawal.
  if (approved.data === undefined) return <LoadState query={approved} />;
  if (rows.length === 0)
    return (
      <>
        <p className="admin-state">{t('payouts.noneApproved')}</p>
        <FormOutcome outcome={outcome} />
      </>
    );
  const rowName = (row: AdminWithdrawal) => ({ amount: money(format, row.amount), user: row.user?.email ?? '' });
  return (
    <form className="admin-payout-builder" onSubmit={submit} noValidate>
      <Checkbox
        label={t('payouts.selectAll', { countText: format.number(rows.length) })}
        checked={selected.length === rows.length}
        onChange={() => setExcluded(selected.length === rows.length ? new Set(rows.map((row) => row.id)) : new Set())}
      />
      <Table<AdminWithdrawal>
        caption={t('payouts.approvedCaption')}
        hideCaption
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'include',
            header: t('payouts.columns.include'),
            cell: (row) => (
              <input
                type="checkbox"
                className="admin-payout-builder__tick"
                checked={!excluded.has(row.id)}
                onChange={() => toggle(row)}
                aria-label={t('payouts.include', rowName(row))}
              />
            ),
          },
          {
            key: 'user',
            header: t('payouts.columns.investor'),
            cell: (row) => (row.user ? <ShortValue kind="email" value={row.user.email} /> : '—'),
          },
          {
            key: 'amount',
            header: t('payouts.columns.amount'),
            numeric: true,
            primary: true,
            cell: (row) => money(format, row.amount),
          },
          {
            key: 'coins',
            header: t('payouts.columns.coinAmount'),
            numeric: true,
            cell: (row) => coinText(format, row.coinAmount ?? '', chain),
          },
          {
            key: 'address',
            header: t('payouts.columns.address'),
            cell: (row) => <WholeAddress value={row.address} />,
          },
        ]}
      />
      <p className="admin-total">
        {t('payouts.selected', {
          countText: format.number(selected.length),
          amount: money(
            format,
            selected.reduce((sum, row) => sum + row.amount, 0),
          ),
        })}
      </p>
      <div className="admin-payout-builder__fee">
        <TextField
          label={t('payouts.feeRateLabel')}
          inputMode="numeric"
          autoComplete="off"
          value={rateText}
          onChange={(event) => setTypedRate(event.target.value)}
          hint={
            estimate === undefined
              ? undefined
              : estimate === null
                ? t('payouts.noEstimate', { rate: format.number(fallbackFeeRate) })
                : t('payouts.suggested', { rate: format.number(estimate) })
          }
          error={
            rateError
              ? t('payouts.feeRateInvalid', {
                  min: format.number(feeRateBounds.min),
                  max: format.number(feeRateBounds.max),
                })
              : undefined
          }
        />
      </div>
      {previewing && <PayoutPreview preview={preview} />}
      {selected.length === 0 && <p className="admin-reason">{t('payouts.selectSome')}</p>}
      <div className="admin-actions">
        <Button type="submit" busy={build.isPending} disabled={selected.length === 0 || rate === null}>
          {t('payouts.build')}
        </Button>
      </div>
      <FormOutcome outcome={outcome} />
    </form>
  );
}
