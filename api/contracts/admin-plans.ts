import { z } from 'zod';
import { intId, safeString } from './input-rules';
import { LANGUAGE_CODES, type LanguageCode } from './languages';
import { dollarsToCents, positiveDollarsToCents } from './money';

// The plan form of the admin desk: shared by the API (the one place input is checked) and the PWA's form.

export const planLimits = {
  nameMax: 50,
  amountLabelMax: 60,
  descriptionMax: 300,
  roiMinBasisPoints: 1,
  roiMaxBasisPoints: 100_000,
  durationMinHours: 1,
  /** Ten years of 365 days. */
  durationMaxHours: 87_600,
  presetsMax: 12,
} as const;

/** The languages a name or description may be given in besides English, which is the fallback and required. */
export const translatedLanguages = LANGUAGE_CODES.filter((code) => code !== 'en') as Exclude<LanguageCode, 'en'>[];

const percentPattern = /^\d{1,4}(\.\d{1,2})?$/;

/** A percentage with at most two decimals, to integer basis points without floating-point arithmetic. */
const roiPercentToBasisPoints = z
  .union([z.number(), safeString()], { error: 'Enter the ROI as a percentage, e.g. 5 or 12.5' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!percentPattern.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Enter the ROI as a percentage with at most two decimals' });
      return z.NEVER;
    }
    const [whole, fraction = ''] = text.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .refine(
    (basisPoints) => basisPoints >= planLimits.roiMinBasisPoints && basisPoints <= planLimits.roiMaxBasisPoints,
    'The ROI must be from 0.01 % to 1,000 %',
  );

/** Per-language texts: blank ones are dropped, so the English text shows in that language. */
const translations = (max: number) =>
  z
    .partialRecord(z.enum(translatedLanguages, { error: 'Unknown language' }), safeString().trim().max(max))
    .default({})
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text)));

const durationMessage = 'The duration must be whole hours, from 1 hour to 10 years (87,600 hours)';

/** No maximum: null, or an empty field. */
const optionalMaximum = z.union([z.null(), z.literal('').transform(() => null), positiveDollarsToCents]);

const planFields = z.object({
  name: safeString()
    .trim()
    .min(1, 'Give the plan a name')
    .max(planLimits.nameMax, `At most ${planLimits.nameMax} characters`),
  names: translations(planLimits.nameMax),
  amountLabel: safeString().trim().max(planLimits.amountLabelMax).default(''),
  description: safeString().trim().max(planLimits.descriptionMax).default(''),
  descriptions: translations(planLimits.descriptionMax),
  roiPercent: roiPercentToBasisPoints,
  minDeposit: positiveDollarsToCents,
  maxDeposit: optionalMaximum,
  durationHours: z
    .number({ error: durationMessage })
    .int(durationMessage)
    .min(planLimits.durationMinHours, durationMessage)
    .max(planLimits.durationMaxHours, durationMessage),
  miner: z.boolean({ error: 'Say whether the plan has a miner' }),
  presets: z
    .array(dollarsToCents, { error: 'Give the preset amounts as a list' })
    .min(1, 'Give at least one preset amount')
    .max(planLimits.presetsMax, `At most ${planLimits.presetsMax} preset amounts`),
});

/** The cross-field rules: minimum ≤ maximum, presets inside the range (sorted, each once). */
const withRanges = <T extends z.infer<typeof planFields>>(plan: T, ctx: z.RefinementCtx) => {
  if (plan.maxDeposit !== null && plan.minDeposit > plan.maxDeposit)
    ctx.addIssue({ code: 'custom', path: ['maxDeposit'], message: 'The maximum must not be below the minimum' });
  plan.presets.forEach((cents, index) => {
    if (cents < plan.minDeposit || (plan.maxDeposit !== null && cents > plan.maxDeposit))
      ctx.addIssue({
        code: 'custom',
        path: ['presets', index],
        message: 'Each preset amount must be within the minimum and the maximum',
      });
  });
};

const sortedPresets = <T extends { presets: number[] }>(plan: T) => ({
  ...plan,
  presets: [...new Set(plan.presets)].sort((a, b) => a - b),
});

/** POST /api/admin/plans: a new plan, on sale at the end of the list. Amounts in dollars, stored as cents. */
export const createPlanSchema = planFields.superRefine(withRanges).transform(sortedPresets);

/** PUT /api/admin/plans/:id: every field again, with the version the form was loaded at. */
export const updatePlanSchema = planFields.extend({ version: intId }).superRefine(withRanges).transform(sortedPresets);

/** POST /api/admin/plans/order: every plan's id, in the order the landing and /trading-plans show them. */
export const planOrderSchema = z.object({
  ids: z.array(intId).min(1).max(1000),
});

export type PlanInput = z.infer<typeof createPlanSchema>;
export type PlanUpdate = z.infer<typeof updatePlanSchema>;
