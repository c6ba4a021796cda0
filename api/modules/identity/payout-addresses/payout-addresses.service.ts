import type { Knex } from 'knex';
import type { AppDeps } from '../../../app-deps';
import type { ProfileInput } from '../../../contracts/accounts';
import type { AuditAction } from '../../../contracts/audit';
import { offeredWithdrawalMethods, payoutKindOfMethod } from '../../../contracts/investments';
import type { Db } from '../../../db/connect';
import { badRequest, notFound } from '../../../lib/domain-errors';
import { hashSecret, randomToken } from '../../../lib/tokens';
import { usersRepo, type UserRow } from '../accounts/accounts.repo';
import { recordAudit } from '../../audit/audit.api';
import { isUtxoAddressOf } from '../../chain-deposits/chain-deposits.api';
import { notify } from '../../notifications/notifications.api';
import { refusedAddress, screenForSubject } from '../../sanctions/sanctions.api';
import { createTwoFactorService } from '../two-factor/two-factor.service';
import { payoutAddressesRepo, payoutColumn, payoutKinds, type PayoutKind } from './payout-addresses.repo';

export { payoutKinds, type PayoutKind };

const inputField = {
  bitcoin: 'bitcoinAddress',
  ethereum: 'ethereumAddress',
  usdt: 'usdtAddress',
  litecoin: 'litecoinAddress',
  dogecoin: 'dogecoinAddress',
} as const;
/** Each kind as its withdrawal method names the coin (`Litecoin`), for messages. */
const kindName = Object.fromEntries(
  Object.entries(payoutKindOfMethod).map(([method, kind]) => [kind, method]),
) as Record<PayoutKind, string>;
const linkLifetimeMs = 7 * 24 * 3_600_000;

interface Confirmation {
  kind: PayoutKind;
  address: string | null;
  token: string;
}

/** What a profile edit asks of one payout address: nothing, an immediate first setting, or a held change. */
function plannedChanges(user: UserRow, input: ProfileInput) {
  return payoutKinds.flatMap((kind) => {
    const value = input[inputField[kind]];
    if (value === undefined) return [];
    const wanted = value === '' || value === null ? null : value;
    const current = user[payoutColumn[kind]];
    if (wanted === current) return [];
    return [{ kind, wanted, current, immediate: current === null }];
  });
}

/**
 * Payout addresses are where money leaves: the first one of a kind is set at once; changing or
 * removing one waits for an e-mailed link and then `PAYOUT_ADDRESS_HOLD_HOURS`, the old one in force
 * meanwhile. Every step is audited.
 */
export function createPayoutAddressService(deps: AppDeps) {
  const { db, clock, config, mailer, logger } = deps;
  const twoFactor = createTwoFactorService(deps);
  const holdMs = config.env.PAYOUT_ADDRESS_HOLD_HOURS * 3_600_000;
  const chains = config.operator.chains;
  const offeredKinds = new Set<string>(offeredWithdrawalMethods(chains).map((method) => payoutKindOfMethod[method]));

  /**
   * A new address must be one withdrawals can be paid to: of a kind whose method is offered (Litecoin and Dogecoin
   * only where their chain is configured), and on a UTXO chain one of that chain's network (mainnet, testnet, regtest).
   */
  function refuseUnpayable(changes: ReturnType<typeof plannedChanges>) {
    const errors: Record<string, string> = {};
    for (const { kind, wanted } of changes) {
      if (wanted === null) continue;
      const name = kindName[kind];
      const chain = chains[kind];
      const onUtxoChain = (kind === 'litecoin' || kind === 'dogecoin') && chain?.kind === 'utxo';
      if (!offeredKinds.has(kind))
        errors[inputField[kind]] = `${name} payout addresses are not taken: no ${name} chain is configured`;
      else if (onUtxoChain && !isUtxoAddressOf(kind, chain.network, wanted))
        errors[inputField[kind]] = `Not a valid ${name} ${chain.network} address`;
    }
    const [first] = Object.values(errors);
    if (first) throw badRequest(first, errors);
  }
  const audit = (
    trx: Db,
    userId: string,
    action: Extract<AuditAction, `payout_address.${string}`>,
    kind: PayoutKind,
    before: string | null,
    after: string | null,
  ) =>
    recordAudit(trx, {
      actorId: userId,
      action,
      subjectType: 'user',
      subjectId: userId,
      before: { kind, address: before },
      after: { kind, address: after },
      at: clock.now(),
    });

  /** Puts confirmed changes whose hold is over in force (lazily, when the addresses are next read). */
  async function activateDue(userId: string) {
    await db.transaction(async (trx) => {
      const due = await payoutAddressesRepo.dueForUpdate(trx, userId, clock.now());
      for (const pending of due) {
        const previous = await payoutAddressesRepo.addressInForce(trx, userId, pending.kind);
        await payoutAddressesRepo.setAddressInForce(trx, userId, pending.kind, pending.address);
        await payoutAddressesRepo.remove(trx, userId, pending.kind);
        await audit(trx, userId, 'payout_address.activate', pending.kind, previous, pending.address);
        await notify(trx, {
          userId,
          kind: 'security.payout-address',
          params: {
            coin: pending.kind,
            address: pending.address,
            ...(pending.address === null && { context: 'removed' }),
          },
          link: '/user-profile',
          eventKey: `payout-address-active:${userId}:${pending.kind}:${new Date(pending.effective_at!).toISOString()}`,
          at: clock.now(),
        });
      }
    });
  }

  return {
    activateDue,

    /** Puts every held change whose time has come in force, so its notice goes out on time, not at the next read. */
    async activateAllDue() {
      const users = await payoutAddressesRepo.usersWithDueChanges(db, clock.now());
      for (const userId of users) await activateDue(userId);
      return users.length;
    },

    /**
     * With two-factor enabled, changing an address in force also needs a code (checked before anything is written);
     * `limitAttempts` counts the try against the caller's rate limit, as `requireCodeIfEnabled` says.
     */
    async requireCodeForChange(user: UserRow, input: ProfileInput, limitAttempts: () => Promise<void>) {
      if (plannedChanges(user, input).some((change) => !change.immediate)) {
        await twoFactor.requireCodeIfEnabled(user.id, input.code, limitAttempts);
      }
    },

    /**
     * Screens each new address against the sanctions lists before the edit: a listed one is refused with a neutral
     * message (422), and its incident for the operator is committed on its own, whatever the edit's fate.
     */
    async refuseSanctioned(user: UserRow, input: ProfileInput) {
      for (const change of plannedChanges(user, input)) {
        if (change.wanted === null) continue;
        const hit = { kind: 'payout_address' as const, userId: user.id, coin: change.kind, address: change.wanted };
        const listed = await db.transaction((trx) =>
          screenForSubject(trx, { ...hit, subjectId: user.id, at: clock.now() }),
        );
        if (listed) throw refusedAddress(inputField[change.kind]);
      }
    },

    /** Stored payout addresses of `kind` (in force or waiting) found in `listed`, for a new sanctions list. */
    storedAddressesIn: async (executor: Db, kind: PayoutKind, listed: Knex.QueryBuilder) =>
      (await payoutAddressesRepo.storedIn(executor, kind, listed)).map((row) => ({
        userId: row.user_id,
        address: row.address,
      })),

    /**
     * Inside the profile edit's transaction: returns the columns to set at once and the confirmation
     * links to mail once it commits; held changes go to `pending_payout_addresses`.
     */
    async stageChanges(trx: Db, user: UserRow, input: ProfileInput) {
      const immediate: Partial<UserRow> = {};
      const confirmations: Confirmation[] = [];
      const now = clock.now();
      // Decided on the locked row: of two racing edits, the second sees the first's address as one in force.
      const current = await usersRepo.byIdForUpdate(trx, user.id);
      const changes = plannedChanges(current ?? user, input);
      refuseUnpayable(changes);
      for (const change of changes) {
        if (change.immediate) {
          immediate[payoutColumn[change.kind]] = change.wanted;
          await payoutAddressesRepo.remove(trx, user.id, change.kind);
          await audit(trx, user.id, 'payout_address.set', change.kind, null, change.wanted);
          continue;
        }
        const pending = await payoutAddressesRepo.find(trx, user.id, change.kind);
        // The form sends every field on each save: the same pending address again is no new request.
        if (pending && pending.address === change.wanted) continue;
        const token = randomToken();
        await payoutAddressesRepo.save(trx, {
          user_id: user.id,
          kind: change.kind,
          address: change.wanted,
          token_hash: hashSecret(token, config.jwtSecret),
          requested_at: now,
          link_expires_at: new Date(now.getTime() + linkLifetimeMs),
          confirmed_at: null,
          effective_at: null,
        });
        await audit(trx, user.id, 'payout_address.change_request', change.kind, change.current, change.wanted);
        confirmations.push({ kind: change.kind, address: change.wanted, token });
      }
      return { immediate, confirmations };
    },

    async mailConfirmations(email: string, confirmations: Confirmation[]) {
      for (const { kind, address, token } of confirmations) {
        const what = address ? `to ${address}` : 'to be removed';
        try {
          await mailer.send(db, {
            to: email,
            subject: `${config.operator.siteName}: confirm your new ${kind} payout address`,
            text: [
              `A change of your ${kind} payout address (${what}) was requested.`,
              `Confirm it with this link (valid for 7 days): ${config.env.PUBLIC_URL}/confirm-payout-address?token=${token}`,
              `After you confirm, the change takes effect ${config.env.PAYOUT_ADDRESS_HOLD_HOURS} hours later; until then withdrawals go to the current address.`,
              '',
              `If you did not ask for this, do not open the link, reset your password (${config.env.PUBLIC_URL}/reset-password) and contact support.`,
            ].join('\n'),
          });
        } catch (error) {
          logger.error({ err: error, subject: 'payout address confirmation' }, 'mail could not be sent');
        }
      }
    },

    /** Follows the e-mailed link: the hold starts now. */
    async confirm(token: string) {
      await db.transaction(async (trx) => {
        const now = clock.now();
        const pending = await payoutAddressesRepo.confirmByToken(
          trx,
          hashSecret(token, config.jwtSecret),
          now,
          new Date(now.getTime() + holdMs),
        );
        if (!pending) throw badRequest('Invalid or expired link');
        await audit(trx, pending.user_id, 'payout_address.change_confirm', pending.kind, null, pending.address);
      });
    },

    /**
     * The owner withdraws a change still waiting (for its link or its hold): the e-mailed link stops
     * working and the address in force stays. A change whose hold is over is in force already: 404.
     */
    async cancel(userId: string, kind: PayoutKind) {
      await activateDue(userId);
      await db.transaction(async (trx) => {
        const pending = await payoutAddressesRepo.remove(trx, userId, kind);
        if (!pending) throw notFound('No pending payout address change');
        const inForce = await payoutAddressesRepo.addressInForce(trx, userId, kind);
        await audit(trx, userId, 'payout_address.change_cancel', kind, pending.address, inForce);
      });
    },

    /** Each kind's address in force and the change waiting, if any, with when it takes over. */
    async overview(userId: string) {
      await activateDue(userId);
      const user = (await usersRepo.byId(db, userId))!;
      const pending = await payoutAddressesRepo.listForUser(db, userId);
      return Object.fromEntries(
        payoutKinds.map((kind) => {
          const waiting = pending.find((row) => row.kind === kind);
          return [
            kind,
            {
              address: user[payoutColumn[kind]],
              pending: waiting
                ? {
                    address: waiting.address,
                    confirmed: waiting.confirmed_at !== null,
                    takesEffectAt: waiting.effective_at ? new Date(waiting.effective_at).toISOString() : null,
                  }
                : null,
            },
          ];
        }),
      ) as Record<
        PayoutKind,
        {
          address: string | null;
          pending: { address: string | null; confirmed: boolean; takesEffectAt: string | null } | null;
        }
      >;
    },
  };
}

export type PayoutAddressService = ReturnType<typeof createPayoutAddressService>;
