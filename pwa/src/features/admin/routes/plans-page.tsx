import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { invalidateAdminData } from '../api/admin-keys';
import {
  useAdminPlans,
  createPlan,
  orderPlans,
  reactivatePlan,
  retirePlan,
  updatePlan,
  type AdminPlan,
  type PlanDraft,
} from '../api/plans';
import { FormOutcome, type Outcome } from '../components/form-outcome';
import { LoadState } from '../components/load-state';
import { PlanForm } from '../components/plan-form';
import { PlansTable } from '../components/plans-table';
import '../admin-plans.css';

type Editing = { plan?: AdminPlan; serverErrors: string[]; key: number } | null;

/**
 * Plans: the operator runs the catalogue here. A change applies to purchases made after it (the API refuses a
 * purchase from a page showing older terms); retiring takes a plan off sale while its investments mature.
 */
export function PlansPage() {
  const { t } = useTranslation('admin-plans');
  const queryClient = useQueryClient();
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<Editing>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const failed = (error: unknown) => {
    const offline = error instanceof ApiError && error.status === 0;
    setOutcome({ tone: 'error', text: offline ? t('outcome.offline') : t('outcome.failed') });
  };
  const done = (text: string) => {
    setOutcome({ tone: 'success', text });
    void invalidateAdminData(queryClient);
  };

  const save = useMutation({
    networkMode: 'always',
    mutationFn: (draft: PlanDraft) =>
      editing?.plan ? updatePlan(editing.plan.id, editing.plan.version, draft) : createPlan(draft),
    onSuccess: ({ plan }) => {
      done(editing?.plan ? t('outcome.saved', { name: plan.name }) : t('outcome.created', { name: plan.name }));
      setEditing(null);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.body.plan) {
        // Another admin saved first: show their version, to be checked and edited again.
        const current = error.body.plan as AdminPlan;
        setEditing({ plan: current, serverErrors: [], key: Date.now() });
        setOutcome({ tone: 'error', text: t('outcome.stale') });
        void invalidateAdminData(queryClient);
      } else if (error instanceof ApiError && error.status === 400) {
        setEditing((current) => current && { ...current, serverErrors: Object.keys(error.errors) });
        setOutcome(null);
      } else failed(error);
    },
  });

  const toggleSale = useMutation({
    networkMode: 'always',
    mutationFn: (plan: AdminPlan) => (plan.onSale ? retirePlan(plan.id) : reactivatePlan(plan.id)),
    onSuccess: ({ plan }) =>
      done(plan.onSale ? t('outcome.reactivated', { name: plan.name }) : t('outcome.retired', { name: plan.name })),
    onError: failed,
  });

  const move = useMutation({
    networkMode: 'always',
    mutationFn: ({ plan, step }: { plan: AdminPlan; step: -1 | 1 }) => {
      const ids = (plans.data ?? []).map((entry) => entry.id);
      const from = ids.indexOf(plan.id);
      [ids[from], ids[from + step]] = [ids[from + step]!, ids[from]!];
      return orderPlans(ids);
    },
    onSuccess: () => done(t('outcome.ordered')),
    onError: failed,
  });

  const startEditing = (plan?: AdminPlan) => {
    setOutcome(null);
    setEditing({ plan, serverErrors: [], key: Date.now() });
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('title')}</h1>
      <p className="admin-plans__lead">{t('lead')}</p>
      {!editing && (
        <div className="admin-toolbar">
          <Button onClick={() => startEditing()}>{t('newPlan')}</Button>
        </div>
      )}
      <FormOutcome outcome={outcome} />
      {editing && (
        <PlanForm
          key={editing.key}
          plan={editing.plan}
          busy={save.isPending}
          serverErrors={editing.serverErrors}
          onSubmit={(draft) => save.mutate(draft)}
          onCancel={() => setEditing(null)}
        />
      )}
      <LoadState query={plans} />
      {plans.data && (
        <PlansTable
          plans={plans.data}
          busy={toggleSale.isPending || move.isPending}
          onEdit={startEditing}
          onToggleSale={(plan) => toggleSale.mutate(plan)}
          onMove={(plan, step) => move.mutate({ plan, step })}
        />
      )}
    </div>
  );
}
