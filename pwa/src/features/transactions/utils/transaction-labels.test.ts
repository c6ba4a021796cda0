import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { transactionTypeLabel } from './transaction-labels';

const keyOf = ((key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction<'investor'>;

describe('transactionTypeLabel', () => {
  it('translates the types the API writes, on-chain deposits included, and shows any other as written', () => {
    expect(transactionTypeLabel('On-chain deposit', keyOf)).toBe('transactions.types.onChainDeposit');
    expect(transactionTypeLabel('Deposit (Gold plan)', keyOf)).toBe(
      'transactions.types.depositForPlan {"plan":"Gold"}',
    );
    expect(transactionTypeLabel('Bonus from the moon', keyOf)).toBe('Bonus from the moon');
  });
});
