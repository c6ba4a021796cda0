import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../api-client';
import { investorQueryKeys } from '../queries/investor';
import type { PayoutAddresses, PayoutKind, PendingPayoutAddress } from '../../../../api/contracts/answers';

export type { PayoutKind, PendingPayoutAddress, PayoutAddresses };

/** Under the investor key, so a profile save or a withdrawal refreshes it too. */
export const payoutAddressesQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'payout-addresses'],
    queryFn: () => apiGet<{ addresses: PayoutAddresses; holdHours: number }>('payout-addresses'),
  });

export const usePayoutAddresses = () => useQuery(payoutAddressesQuery());

/** The link mailed after a change of payout address; the hold starts when it is followed. */
export const confirmPayoutAddress = (token: string) =>
  apiPost<{ message: string; holdHours: number }>('payout-addresses/confirm', { token });

/** Withdraws a change still waiting: its e-mailed link stops working and the address in force stays. */
export const cancelPendingPayoutAddress = (kind: PayoutKind) =>
  apiRequest<{ message: string }>(`payout-addresses/pending/${kind}`, { method: 'delete' });
