import type { TFunction } from 'i18next';

/**
 * The API names each row in English ('Deposit (Gold plan)', 'Withdrawal (Bitcoin)'…); known shapes are
 * translated, anything else is shown as the server wrote it.
 */
export function transactionTypeLabel(type: string, t: TFunction<'investor'>): string {
  const forPlan = /^Deposit \((.+) plan\)$/.exec(type);
  if (forPlan) return t('transactions.types.depositForPlan', { plan: forPlan[1] });
  const withdrawal = /^Withdrawal \((.+)\)$/.exec(type);
  if (withdrawal) return t('transactions.types.withdrawal', { method: withdrawal[1] });
  const fixed: Record<string, string> = {
    Deposit: t('transactions.types.deposit'),
    'On-chain deposit': t('transactions.types.onChainDeposit'),
    'Plan purchase': t('transactions.types.planPurchase'),
    'Plan return': t('transactions.types.planReturn'),
    'Referral bonus': t('transactions.types.referralBonus'),
  };
  return fixed[type] ?? type;
}

const knownStatuses = ['pending', 'approved', 'in_batch', 'broadcast', 'confirmed', 'rejected', 'paid', 'completed'];

export function transactionStatusLabel(status: string, t: TFunction<'investor'>): string {
  return knownStatuses.includes(status) ? t(`transactions.status.${status as 'pending'}`) : status;
}
