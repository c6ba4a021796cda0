import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResultAsRendered } from './use-hydrating';

describe('useResultAsRendered', () => {
  it('renders a newly arrived answer in a deferred pass, after an urgent render that still shows the old state', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const renders: string[] = [];
    let answer: (prices: string) => void = () => undefined;
    function Ticker() {
      const { data } = useResultAsRendered(
        useQuery({ queryKey: ['prices'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) }),
      );
      renders.push(data ?? 'loading');
      return <p>{data ?? 'loading'}</p>;
    }
    const view = render(
      <QueryClientProvider client={client}>
        <Ticker />
      </QueryClientProvider>,
    );
    expect(view.getByText('loading')).toBeInTheDocument();
    renders.length = 0;

    act(() => answer('BTC $87,250'));

    expect(await view.findByText('BTC $87,250')).toBeInTheDocument();
    // The external store's urgent render keeps the old state; the answer itself comes in the deferred (sliced) one.
    expect(renders.at(-1)).toBe('BTC $87,250');
    expect(renders.slice(0, -1)).toContain('loading');
    expect(renders.indexOf('loading')).toBeLessThan(renders.indexOf('BTC $87,250'));
  });
});
