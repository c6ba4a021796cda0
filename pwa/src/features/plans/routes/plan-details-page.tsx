import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { maximumDepositCents, planAmountLimits, readAmount } from '../../../../../api/contracts/deposits';
import { centsToDollarText } from '../../../../../api/contracts/money';
import { expectedReturnCents, planText, type Plan } from '../../../../../api/contracts/plans';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ReviewStep } from '../../../components/ui/review-step';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { invalidateInvestorData, useDashboard } from '../../../lib/queries/investor';
import { buyPlanFromBalance, planQuery } from '../api/plan';
import { plansQuery } from '../../../lib/queries/plans';
import { useOnline } from '../../../lib/hooks/use-online';
import { AmountPicker } from '../components/amount-picker';
import { PlanFacts } from '../components/plan-facts';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { DASHBOARD_COPY, planCopyKey } from '../../../lib/offline/copy-keys';
import { useSavedCopyTime } from '../../../lib/offline/personal-copy';
import '../plans.css';

/**
 * One plan: choose an amount, see the expected return, then pay by crypto deposit or from the balance. Paying from
 * the balance is reviewed first (amount, return, maturity, balance after), and bought only on Confirm.
 */
export function PlanDetailsPage() {
  const { t } = useTranslation(['funds', 'plan-terms']);
  const { id = '' } = useParams();
  const plan = useQuery(planQuery(id));
  const offline = !useOnline();

  let content;
  if (plan.data) {
    content = <PlanPurchase plan={plan.data} />;
  } else if (plan.error instanceof ApiError && (plan.error.status === 404 || plan.error.status === 410)) {
    // 410: a retired plan's old link; its investors still hold it, so say it is no longer offered.
    content = (
      <div className="investor-state" role="alert">
        <p>{plan.error.status === 410 ? t('plan-terms:noLongerOffered') : t('planDetails.notFound')}</p>
        <Link to={paths.tradingPlans}>{t('planDetails.backToPlans')}</Link>
      </div>
    );
  } else if (plan.isError || (offline && plan.fetchStatus === 'paused')) {
    content = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void plan.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="investor-state">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  return (
    <div className="investor-page">
      <SavedCopyNote copyKey={planCopyKey(id)} />
      {content}
    </div>
  );
}

function PlanPurchase({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation(['funds', 'plan-terms']);
  const name = planText(plan.name, plan.names, i18n.language);
  const description = planText(plan.description, plan.descriptions, i18n.language);
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const [actionError, setActionError] = useState<{ message: string; hint?: string } | null>(null);
  // The amount under review and when the review opened (its maturity is counted from then).
  const [review, setReview] = useState<{ cents: number; openedAt: number } | null>(null);
  // Buy Now's refusal of the chosen amount (more than one deposit takes), said under the amount field.
  const [buyRefusal, setBuyRefusal] = useState<string | null>(null);
  const payButtonId = useId();
  const amountId = useId();
  // One purchase per Confirm, even when a second tap lands before the button shows it is busy.
  const sending = useRef(false);
  const purchase = useMutation({
    networkMode: 'always',
    mutationFn: (cents: number) => buyPlanFromBalance(plan, cents),
    onSuccess: async ({ investment }) => {
      await invalidateInvestorData(queryClient);
      // The dashboard opens with the new plan first and says it was bought.
      navigate(paths.dashboard, { state: { boughtInvestment: investment } });
    },
    onSettled: () => {
      sending.current = false;
    },
    onError: (error) => {
      const conflict = error instanceof ApiError && error.status === 409 ? error.body : {};
      const changed = conflict.plan as Plan | undefined;
      if (changed) {
        // The terms changed (or the plan was retired) since this page loaded: show the new terms, ask again.
        setReview(null);
        queryClient.setQueryData(planQuery(String(plan.id)).queryKey, changed);
        void queryClient.invalidateQueries({ queryKey: plansQuery().queryKey });
        setActionError({
          message: conflict.retired ? t('plan-terms:noLongerOffered') : t('plan-terms:termsChanged'),
        });
      } else if (error instanceof ApiError && error.status === 409) {
        setActionError({
          message: t('planDetails.insufficientBalance'),
          hint: t('planDetails.insufficientBalanceHint'),
        });
      } else if (error instanceof ApiError && error.status === 0) {
        setActionError({ message: t('common.offline') });
      } else {
        setActionError({ message: t('planDetails.purchaseFailed', { message: error.message }) });
      }
    },
  });

  const changeAmount = (cents: number | null) => {
    setAmountCents(cents);
    setActionError(null);
    setBuyRefusal(null);
  };
  const requireAmount = (then: (cents: number) => void) => {
    if (amountCents === null) setActionError({ message: t('planDetails.noAmount') });
    else then(amountCents);
  };
  const buyNow = () =>
    requireAmount((cents) => {
      // Buy Now is paid by one deposit: the deposit's rules apply as well as the plan's ($1,000,000 at most).
      const asDeposit = readAmount(centsToDollarText(cents), planAmountLimits(plan, 'deposit'));
      if ('rule' in asDeposit) {
        setBuyRefusal(
          asDeposit.rule === 'maximum'
            ? t('planDetails.buyNowMaximum', {
                max: format.currency(maximumDepositCents / 100, 'USD', { maximumFractionDigits: 0 }),
              })
            : t('deposit.invalidAmount'),
        );
        document.getElementById(amountId)?.focus();
        return;
      }
      const query = { price: centsToDollarText(cents), planName: plan.name, planVersion: String(plan.version) };
      navigate(`${paths.cryptoDeposit}?${new URLSearchParams(query)}`);
    });

  const openReview = () =>
    requireAmount((cents) => {
      setActionError(null);
      setReview({ cents, openedAt: Date.now() });
    });
  const closeReview = () => {
    setReview(null);
    setActionError(null);
    // Back where the review was asked for, with the amount still chosen.
    requestAnimationFrame(() => document.getElementById(payButtonId)?.focus());
  };
  const confirm = (cents: number) => {
    if (sending.current) return;
    sending.current = true;
    setActionError(null);
    purchase.mutate(cents);
  };

  return (
    <>
      <h1 className="investor-page__title">{t('planDetails.title', { name })}</h1>
      {description && <p>{description}</p>}
      {review && (
        <Card as="div">
          <PurchaseReview
            plan={plan}
            name={name}
            cents={review.cents}
            openedAt={review.openedAt}
            busy={purchase.isPending}
            error={actionError}
            onConfirm={() => confirm(review.cents)}
            onBack={closeReview}
          />
        </Card>
      )}
      <p className="notice" role="note" hidden={review !== null}>
        {t('plans.riskNotice')}
      </p>
      {/* Kept mounted while the review shows, so Back finds the amount as it was typed. */}
      <Card className="plan-details" hidden={review !== null}>
        <AmountPicker
          plan={plan}
          amountCents={amountCents}
          onChange={changeAmount}
          refusal={buyRefusal}
          inputId={amountId}
        />
        <PlanFacts plan={plan} />
        <div>
          <h2 className="plan-return__title">{t('planDetails.expectedReturn')}</h2>
          <p className="plan-return" data-testid="expected-return" aria-live="polite">
            {amountCents === null
              ? ''
              : format.currency(expectedReturnCents(amountCents, plan.roiPercentage) / 100, 'USD', {
                  minimumFractionDigits: 2,
                  maximumFractionDigits: 2,
                })}
          </p>
          <p className="field__hint">
            {t('planDetails.expectedReturnHint', { roi: format.number(plan.roiPercentage), hours: plan.durationHours })}
          </p>
        </div>
        {actionError && !review && (
          <div role="alert">
            <p className="form-error">{actionError.message}</p>
            {actionError.hint && <p>{actionError.hint}</p>}
          </div>
        )}
        <div className="plan-actions">
          <Button onClick={buyNow}>{t('planDetails.buyNow')}</Button>
          <Button id={payButtonId} variant="secondary" onClick={openReview}>
            {t('planDetails.payFromBalance')}
          </Button>
          <ButtonLink variant="ghost" to={paths.tradingPlans}>
            {t('planDetails.backToPlans')}
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}

type PurchaseReviewProps = {
  plan: Plan;
  name: string;
  cents: number;
  openedAt: number;
  busy: boolean;
  error: { message: string; hint?: string } | null;
  onConfirm: () => void;
  onBack: () => void;
};

/** What paying from the balance will do: the plan, amount, expected return, maturity and the balance left. */
function PurchaseReview({ plan, name, cents, openedAt, busy, error, onConfirm, onBack }: PurchaseReviewProps) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const dashboard = useDashboard();
  // A balance from the copy saved on this device may be out of date: the server's check is the one that counts.
  const fromDevice = useSavedCopyTime(DASHBOARD_COPY) !== null;
  const money = (dollarCents: number) =>
    format.currency(dollarCents / 100, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const balanceCents = dashboard.data && !fromDevice ? Math.round(dashboard.data.balances.accountBalance * 100) : null;
  const shortBy = balanceCents !== null && balanceCents < cents;
  let balanceAfter: string;
  if (balanceCents !== null)
    balanceAfter = shortBy ? t('planDetails.insufficientBalance') : money(balanceCents - cents);
  else balanceAfter = dashboard.isError || fromDevice ? t('planDetails.review.balanceUnknown') : t('common.loading');

  return (
    <ReviewStep
      title={t('planDetails.review.title')}
      lead={t('planDetails.review.lead', { amount: money(cents) })}
      facts={[
        { label: t('planDetails.review.plan'), value: name },
        { label: t('planDetails.review.amount'), value: money(cents) },
        {
          label: t('planDetails.review.expectedReturn'),
          value: money(expectedReturnCents(cents, plan.roiPercentage)),
        },
        {
          label: t('planDetails.review.maturesAt'),
          value: format.zonedDateTime(openedAt + plan.durationHours * 3_600_000),
        },
        { label: t('planDetails.review.balanceAfter'), value: balanceAfter },
      ]}
      confirmLabel={busy ? t('planDetails.paying') : t('planDetails.review.confirm')}
      backLabel={t('planDetails.review.back')}
      busy={busy}
      canConfirm={!shortBy}
      onConfirm={onConfirm}
      onBack={onBack}
    >
      <p className="field__hint">{t('planDetails.review.maturityHint', { hours: plan.durationHours })}</p>
      <p className="notice" role="note">
        {t('plans.riskNotice')}
      </p>
      {shortBy && !error && (
        <div role="alert">
          <p className="form-error">{t('planDetails.insufficientBalance')}</p>
          <p>{t('planDetails.insufficientBalanceHint')}</p>
        </div>
      )}
      {error && (
        <div role="alert">
          <p className="form-error">{error.message}</p>
          {error.hint && <p>{error.hint}</p>}
        </div>
      )}
    </ReviewStep>
  );
}
