import { randomBytes } from 'node:crypto';

/** A plan the admin desk accepts, with a name of its own; a test states only the fields that differ. */
export const validPlan = (overrides: Record<string, unknown> = {}) => ({
  name: `Winter ${randomBytes(3).toString('hex')}`,
  names: { fr: 'Hiver', ar: 'شتاء' },
  amountLabel: '$100 - $2,000',
  description: 'A seasonal plan for the winter months.',
  descriptions: { fr: 'Un plan saisonnier pour les mois d’hiver.' },
  roiPercent: 7.5,
  minDeposit: 100,
  maxDeposit: 2000,
  durationHours: 48,
  miner: true,
  presets: [100, 500, 1000, 2000],
  ...overrides,
});
