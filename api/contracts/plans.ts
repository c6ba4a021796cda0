/** A plan's terms and presets, as seeded: the database starts from `planCatalogue`, the admin desk changes it. */
export interface PlanTerms {
  id: number;
  name: string;
  roiPercentage: number;
  minDeposit: number;
  maxDeposit: number | null;
  durationHours: number;
  miner: boolean;
  presets: number[];
}

export const planCatalogue: PlanTerms[] = [
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

/** Texts the operator gives per language; a language without one shows the English text. */
export type PlanTexts = Partial<Record<string, string>>;

/** A plan on sale as GET /api/plans and /api/plans/:id send it. */
export interface Plan extends PlanTerms {
  /** Sent back with a purchase: a purchase made from a page showing older terms is refused with the new ones. */
  version: number;
  amountLabel: string;
  description: string;
  names: PlanTexts;
  descriptions: PlanTexts;
}

/** A plan as the admin desk sees it (GET /api/admin/plans). */
export interface AdminPlan {
  id: number;
  name: string;
  names: PlanTexts;
  amountLabel: string;
  description: string;
  descriptions: PlanTexts;
  roiPercent: number;
  minDeposit: number;
  maxDeposit: number | null;
  durationHours: number;
  miner: boolean;
  presets: number[];
  onSale: boolean;
  position: number;
  version: number;
  activeInvestments: number;
  investedAmount: number;
}

/** The plan's name (or description) in `language`, else the English one. */
export const planText = (english: string, texts: PlanTexts | undefined, language: string) =>
  texts?.[language] || english;

/** Amount plus amount × ROI, in cents, rounded half-up; integer arithmetic only. */
export function expectedReturnCents(amountCents: number, roiPercentage: number): number {
  const basisPoints = BigInt(Math.round(roiPercentage * 100));
  const profit = (BigInt(amountCents) * basisPoints + 5_000n) / 10_000n;
  return amountCents + Number(profit);
}
