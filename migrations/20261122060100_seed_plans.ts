import type { Knex } from 'knex';
import { planCatalogue } from '../api/contracts/plans';

// Data apart from schema: the spec's four plans.
export async function up(knex: Knex): Promise<void> {
  await knex('plans').insert(
    planCatalogue.map((plan) => ({
      id: plan.id,
      name: plan.name,
      roi_basis_points: Math.round(plan.roiPercentage * 100),
      min_cents: plan.minDeposit * 100,
      max_cents: plan.maxDeposit === null ? null : plan.maxDeposit * 100,
      duration_hours: plan.durationHours,
      miner: plan.miner,
      presets_cents: JSON.stringify(plan.presets.map((amount) => amount * 100)),
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('plans').del();
}
