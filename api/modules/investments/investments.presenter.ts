import type { Investment } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import type { InvestmentView } from './investments.repo';

export function presentInvestment(row: InvestmentView): Investment {
  return {
    id: row.id,
    planName: row.plan_name,
    amount: centsToDollars(Number(row.amount_cents)),
    expectedReturn: centsToDollars(Number(row.expected_return_cents)),
    status: row.status,
    startsAt: new Date(row.starts_at).toISOString(),
    maturesAt: new Date(row.matures_at).toISOString(),
  };
}
