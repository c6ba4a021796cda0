import { describe, expect, it } from 'vitest';
import { depositAmount, planAmountLimits, readAmount, readDepositAmount } from './deposits';
import { planCatalogue } from './plans';

const [sonic, , , supreme] = planCatalogue;

describe('amounts and their rules', () => {
  it('reads a deposit in cents, or the one rule it breaks: format, two decimals, $50 at least, $1,000,000 at most', () => {
    expect(readDepositAmount('150.25')).toEqual({ cents: 15_025 });
    expect(readDepositAmount('1000000')).toEqual({ cents: 100_000_000 });
    expect(readDepositAmount('abc')).toEqual({ rule: 'format' });
    expect(readDepositAmount('12.345')).toEqual({ rule: 'decimals' });
    expect(readDepositAmount('49.99')).toEqual({ rule: 'minimum' });
    expect(readDepositAmount('-100')).toEqual({ rule: 'minimum' });
    expect(readDepositAmount('1000000.01')).toEqual({ rule: 'maximum' });
    expect(readDepositAmount('99999999999999')).toEqual({ rule: 'maximum' });
    expect(depositAmount.safeParse('99999999999999').error?.issues[0]?.message).toBe(
      'One deposit can be at most $1,000,000.',
    );
  });

  it("keeps a plan's range from the balance, and one deposit's range as well for Buy Now", () => {
    expect(planAmountLimits(sonic!, 'balance')).toEqual({ minimumCents: 5_000, maximumCents: 99_900 });
    expect(planAmountLimits(sonic!, 'deposit')).toEqual({ minimumCents: 5_000, maximumCents: 99_900 });
    // No maximum of its own: from the balance, the largest amount the API takes; by a deposit, $1,000,000.
    expect(planAmountLimits(supreme!, 'balance')).toEqual({ minimumCents: 1_500_000, maximumCents: 99_999_999_999 });
    expect(planAmountLimits(supreme!, 'deposit')).toEqual({ minimumCents: 1_500_000, maximumCents: 100_000_000 });
    // A plan the operator starts below one deposit's minimum is still bought by Buy Now from $50.
    expect(planAmountLimits({ minDeposit: 10, maxDeposit: 100 }, 'deposit').minimumCents).toBe(5_000);
  });

  it("reads an amount against a plan's range: the digits past its maximum's are over it, whatever they are", () => {
    const sonicRange = planAmountLimits(sonic!, 'balance');
    expect(readAmount('999', sonicRange)).toEqual({ cents: 99_900 });
    expect(readAmount('1000', sonicRange)).toEqual({ rule: 'maximum' });
    expect(readAmount('0000999', sonicRange)).toEqual({ cents: 99_900 });
    expect(readAmount('49', sonicRange)).toEqual({ rule: 'minimum' });
    const supremeRange = planAmountLimits(supreme!, 'balance');
    expect(readAmount('2000000', supremeRange)).toEqual({ cents: 200_000_000 });
    expect(readAmount('2000000', planAmountLimits(supreme!, 'deposit'))).toEqual({ rule: 'maximum' });
    expect(readAmount('99999999999999', supremeRange)).toEqual({ rule: 'maximum' });
  });
});
