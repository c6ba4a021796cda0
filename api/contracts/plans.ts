/** The four mining plans on offer; the database is seeded from this, and the PWA may import it for types. */
export interface Plan {
  id: number;
  name: string;
  roiPercentage: number;
  minDeposit: number;
  maxDeposit: number | null;
  durationHours: number;
  miner: boolean;
  presets: number[];
}

export const planCatalogue: Plan[] = [
  {
    id: 1,
    name: 'Sonic',
    roiPercentage: 5,
    minDeposit: 50,
    maxDeposit: 999,
    durationHours: 15,
    miner: true,
    presets: [50, 100, 200, 500, 800, 999],
  },
  {
    id: 2,
    name: 'Ultra',
    roiPercentage: 10,
    minDeposit: 1000,
    maxDeposit: 4999,
    durationHours: 24,
    miner: true,
    presets: [1000, 1500, 2000, 3000, 4000, 4999],
  },
  {
    id: 3,
    name: 'Promo Plan',
    roiPercentage: 9,
    minDeposit: 5000,
    maxDeposit: 14999,
    durationHours: 5,
    miner: true,
    presets: [5000, 6000, 7000, 8000, 9000, 10000, 12000, 14999],
  },
  {
    id: 4,
    name: 'Supreme',
    roiPercentage: 25,
    minDeposit: 15000,
    maxDeposit: null,
    durationHours: 72,
    miner: true,
    presets: [15000, 20000, 25000, 30000, 50000, 100000, 150000, 200000],
  },
];

/** Amount plus amount × ROI, in cents, rounded half-up; integer arithmetic only. */
export function expectedReturnCents(amountCents: number, roiPercentage: number): number {
  const basisPoints = BigInt(Math.round(roiPercentage * 100));
  const profit = (BigInt(amountCents) * basisPoints + 5_000n) / 10_000n;
  return amountCents + Number(profit);
}
