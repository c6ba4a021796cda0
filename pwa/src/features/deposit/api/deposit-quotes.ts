import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DepositQuoteResponse, DepositQuote } from '../../../../../api/contracts/deposit-quotes';
import { apiGet, apiPost } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

const POLL_MS = 10_000;

/** Done watching once every payment seen is credited: until then the chain may still move it. */
export const quoteIsSettled = ({ payments }: DepositQuoteResponse) =>
  payments.length > 0 && payments.every((payment) => payment.status === 'credited');

/** GET /api/deposit-quotes/:id, polled while a payment may still arrive or confirm. */
export const depositQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'deposit-quote', id],
    queryFn: () => apiGet<DepositQuoteResponse>(`deposit-quotes/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (query.state.data && quoteIsSettled(query.state.data) ? false : POLL_MS),
  });

export const useDepositQuote = (id: string) => useQuery(depositQuoteQuery(id));

/** GET /api/deposit-quotes: the investor's latest quotes with their payments, newest first. */
export const depositQuotesQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'deposit-quotes'],
    queryFn: async () => (await apiGet<{ quotes: DepositQuoteResponse[] }>('deposit-quotes')).quotes,
  });

export const useDepositQuotes = () => useQuery(depositQuotesQuery());

/** POST /api/deposit-quotes: a fresh address and the coin amount for a USD amount. */
export const useCreateDepositQuote = () =>
  useMutation({
    mutationFn: (request: { amount: string; coin: string }) =>
      apiPost<{ quote: DepositQuote }>('deposit-quotes', request).then((answer) => answer.quote),
  });
