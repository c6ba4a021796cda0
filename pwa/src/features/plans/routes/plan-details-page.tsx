import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { centsToDollarText } from '../../../../../api/contracts/money';
import { expectedReturnCents, planText, type Plan } from '../../../../../api/contracts/plans';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { invalidateInvestorData } from '../../../lib/queries/investor';
import { buyPlanFromBalance, planQuery } from '../api/plan';
import { plansQuery } from '../../../lib/queries/plans';
import { useOnline } from '../../../lib/hooks/use-online';
import { AmountPicker } from '../components/amount-picker';
import { PlanFacts } from '../components/plan-facts';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { planCopyKey } from '../../../lib/offline/copy-keys';
import '../plans.css';

/** One plan: choose an amount, see the expected return, then pay by crypto deposit or from the balance. */
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
  const purchase = useMutation({
    networkMode: 'always',
    mutationFn: (cents: number) => buyPlanFromBalance(plan, cents),
    onSuccess: async () => {
      await invalidateInvestorData(queryClient);
      navigate(paths.dashboard);
    },
    onError: (error) => {
      const conflict = error instanceof ApiError && error.status === 409 ? error.body : {};
      const changed = conflict.plan as Plan | undefined;
      if (changed) {
        // The terms changed (or the plan was retired) since this page loaded: show the new terms, ask again.
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
  };
  const requireAmount = (then: (cents: number) => void) => {
    if (amountCents === null) setActionError({ message: t('planDetails.noAmount') });
    else then(amountCents);
  };
  const buyNow = () =>
    requireAmount((cents) => {
      const query = { price: centsToDollarText(cents), planName: plan.name, planVersion: String(plan.version) };
      navigate(`${paths.cryptoDeposit}?${new URLSearchParams(query)}`);
    });

  return (
    <>
      <h1 className="investor-page__title">{t('planDetails.title', { name })}</h1>
      {description && <p>{description}</p>}
      <p className="notice" role="note">
        {t('plans.riskNotice')}
      </p>
      <Card className="plan-details">
        <AmountPicker plan={plan} amountCents={amountCents} onChange={changeAmount} />
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
        {actionError && (
          <div role="alert">
            <p className="form-error">{actionError.message}</p>
            {actionError.hint && <p>{actionError.hint}</p>}
          </div>
        )}
        <div className="plan-actions">
          <Button onClick={buyNow}>{t('planDetails.buyNow')}</Button>
          <Button
            variant="secondary"
            busy={purchase.isPending}
            onClick={() => requireAmount((cents) => purchase.mutate(cents))}
          >
            {purchase.isPending ? t('planDetails.paying') : t('planDetails.payFromBalance')}
          </Button>
          <ButtonLink variant="ghost" to={paths.tradingPlans}>
            {t('planDetails.backToPlans')}
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}
