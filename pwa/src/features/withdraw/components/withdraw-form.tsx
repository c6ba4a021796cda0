import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { payoutKindOfMethod, withdrawalMethods } from '../../../../../api/contracts/investments';
import { dollarsToCents } from '../../../../../api/contracts/money';
import { Button } from '../../../components/ui/button';
import { GroupedAddress } from '../../../components/ui/grouped-address';
import { ReviewStep } from '../../../components/ui/review-step';
import { amountSlots, SentenceWithAmounts } from '../../../components/ui/sentence-with-amounts';
import { Select } from '../../../components/ui/select';
import { PendingPayoutNotice } from '../../../lib/account-security/pending-payout-notice';
import { TextField } from '../../../components/ui/text-field';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { twoFactorStatusQuery } from '../../../lib/account-security/api';
import { useFormat } from '../../../lib/format';
import { usePayoutAddresses } from '../../../lib/account-security/payout-addresses';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { twoFactorProblem } from '../../../lib/account-security/two-factor-problem';
import { invalidateInvestorData, useProfile } from '../../../lib/queries/investor';
import type { Withdrawal, WithdrawalMethod } from '../../../../../api/contracts/answers';
import { requestWithdrawal } from '../api/withdrawals';

const addressField = (method: WithdrawalMethod) => `${payoutKindOfMethod[method]}Address` as const;
const isMethod = (value: string): value is WithdrawalMethod => (withdrawalMethods as readonly string[]).includes(value);
/** The spec's methods, offered until the server's config (GET /api/config) says which it takes. */
const specMethods: WithdrawalMethod[] = ['Bitcoin', 'Ethereum', 'USDT'];
// The tab is part of the profile page's URL, so this link (and a reload there) opens Withdrawer Details.
const withdrawerDetails = `${paths.userProfile}?tab=withdrawer`;

/** `dollars`: the amounts the message names as {{slots}}, each shown in its own left-to-right isolate. */
type Failure = { message: string; dollars?: Record<string, number>; needsAddress?: boolean; needsIdentity?: boolean };

/**
 * Amount and method (both required), then a review of what will be sent (amount, method, the whole payout address,
 * when it is paid, the two-factor code when it is on) → POST /api/withdrawals on Confirm.
 */
export function WithdrawForm() {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; method?: string }>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [created, setCreated] = useState<Withdrawal | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const submitId = useId();
  const { t: tSecurity } = useTranslation('security');
  const twoFactor = useQuery(twoFactorStatusQuery());
  const payout = usePayoutAddresses();
  // The spec's three, and the coin of every chain the operator configures (Litecoin where a Litecoin node is).
  const methods = useOperatorConfig().config?.withdrawalMethods?.filter(isMethod) ?? specMethods;
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState(false);
  const [codeError, setCodeError] = useState('');
  const needsCode = codeAsked || twoFactor.data?.enabled === true;
  const withdrawal = useMutation({
    // Offline, say so at once instead of waiting silently for a connection.
    networkMode: 'always',
    mutationFn: ({ dollars, chosen }: { dollars: string; chosen: WithdrawalMethod }) =>
      requestWithdrawal(dollars, chosen, needsCode ? code.trim() : undefined),
    onSuccess: async ({ withdrawal: pending }) => {
      setReviewing(false);
      setCreated(pending);
      setAmount('');
      setMethod('');
      setCode('');
      await invalidateInvestorData(queryClient);
    },
    onError: (error) => {
      setCode('');
      if (twoFactorProblem(error)) {
        setCodeAsked(true);
        setCodeError(
          twoFactorProblem(error) === 'invalid' || code ? tSecurity('code.invalid') : tSecurity('code.required'),
        );
      } else if (error instanceof ApiError && error.status === 403 && error.body.code === 'kyc_limit') {
        // Above the 30-day limit of the investor's identity level: what it is, what is used, and how to raise it.
        const level0 = error.body.level === 0;
        setFailure({
          message: t(level0 ? 'withdraw.kycLimit' : 'withdraw.kycLimitVerified', amountSlots('limit', 'used')),
          dollars: { limit: Number(error.body.limit), used: Number(error.body.used) },
          needsIdentity: level0,
        });
      } else if (error instanceof ApiError && error.status === 409)
        setFailure({ message: t('withdraw.insufficientBalance') });
      else if (error instanceof ApiError && error.status === 400)
        setFailure({ message: error.message, needsAddress: 'method' in error.errors });
      else if (error instanceof ApiError && error.status === 0) setFailure({ message: t('common.offline') });
      else setFailure({ message: t('withdraw.failed', { message: error.message }) });
    },
  });

  const money = (dollars: string) =>
    format.currency(Number(dollars), 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const address = isMethod(method) && profile.data ? (profile.data[addressField(method)] ?? null) : undefined;
  const pending = isMethod(method) ? payout.data?.addresses[payoutKindOfMethod[method]]?.pending : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setCreated(null);
    setCodeError('');
    const nextErrors = {
      amount:
        amount.trim() === ''
          ? t('withdraw.amountRequired')
          : dollarsToCents.safeParse(amount).success && Number(amount) > 0
            ? undefined
            : t('withdraw.amountInvalid'),
      method: isMethod(method) && methods.includes(method) ? undefined : t('withdraw.methodRequired'),
    };
    setErrors(nextErrors);
    // No payout address for this method: the notice above already says so; the server would only repeat it.
    if (nextErrors.amount || nextErrors.method || !isMethod(method) || address === null) return;
    setReviewing(true);
  };
  const confirm = () => {
    if (!isMethod(method) || withdrawal.isPending) return;
    setFailure(null);
    setCodeError('');
    if (needsCode && !code.trim()) return setCodeError(tSecurity('code.required'));
    withdrawal.mutate({ dollars: amount.trim(), chosen: method });
  };
  const back = () => {
    setReviewing(false);
    setFailure(null);
    setCodeError('');
    // Back on the form, where the review was asked for, with what was typed.
    requestAnimationFrame(() => document.getElementById(submitId)?.focus());
  };

  const failureAlert = failure && !(failure.needsAddress && address === null) && (
    <p className="form-error" role="alert">
      {failure.dollars ? <SentenceWithAmounts text={failure.message} dollars={failure.dollars} /> : failure.message}{' '}
      {failure.needsAddress && <Link to={withdrawerDetails}>{t('withdraw.setAddressLink')}</Link>}
      {failure.needsIdentity && <Link to={paths.kyc}>{t('withdraw.verifyIdentityLink')}</Link>}
    </p>
  );

  if (reviewing && isMethod(method))
    return (
      <ReviewStep
        title={t('withdraw.review.title')}
        lead={t('withdraw.review.lead', { amount: money(amount) })}
        facts={[
          { label: t('withdraw.review.amount'), value: money(amount) },
          { label: t('withdraw.review.method'), value: method },
          {
            label: t('withdraw.review.address', { method }),
            value: address ? <GroupedAddress value={address} /> : t('common.loading'),
            wide: true,
          },
          { label: t('withdraw.review.when'), value: t('withdraw.review.timing'), wide: true },
        ]}
        confirmLabel={withdrawal.isPending ? t('withdraw.submitting') : t('withdraw.review.confirm')}
        backLabel={t('withdraw.review.back')}
        busy={withdrawal.isPending}
        canConfirm={Boolean(address)}
        onConfirm={confirm}
        onBack={back}
      >
        {pending && payout.data && (
          <PendingPayoutNotice kind={payoutKindOfMethod[method]} pending={pending} holdHours={payout.data.holdHours} />
        )}
        {needsCode && <TwoFactorCodeField value={code} onChange={setCode} error={codeError} />}
        {failureAlert}
      </ReviewStep>
    );

  return (
    <form className="withdraw-form" onSubmit={submit} noValidate>
      <TextField
        label={t('withdraw.amountLabel')}
        inputMode="decimal"
        required
        value={amount}
        error={errors.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Select
        label={t('withdraw.methodLabel')}
        required
        value={method}
        error={errors.method}
        placeholder={t('withdraw.methodPlaceholder')}
        options={methods.map((value) => ({ value, label: value }))}
        onChange={(event) => setMethod(event.target.value)}
      />
      {isMethod(method) && address && (
        <p className="withdraw-payout">{t('withdraw.payoutAddress', { method, address })}</p>
      )}
      {isMethod(method) && pending && payout.data && (
        <PendingPayoutNotice kind={payoutKindOfMethod[method]} pending={pending} holdHours={payout.data.holdHours} />
      )}
      {isMethod(method) && address === null && (
        <p className="notice" role="alert">
          {t('withdraw.missingAddress', { method })} <Link to={withdrawerDetails}>{t('withdraw.setAddressLink')}</Link>
        </p>
      )}
      {created && (
        <p className="form-success" role="status">
          {t('withdraw.success', { amount: format.currency(created.amount), method: created.method })}
        </p>
      )}
      <Button id={submitId} type="submit">
        {t('withdraw.submit')}
      </Button>
    </form>
  );
}
