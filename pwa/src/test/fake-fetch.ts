import { afterEach, vi } from 'vitest';

// Every test starts with the real fetch and Request again.
afterEach(() => vi.unstubAllGlobals());

// Node's Request (used under jsdom) cannot resolve '/api/...' the way a browser page does.
const NodeRequest = globalThis.Request;
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

type Reply = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** answer only once this settles */ until?: Promise<unknown>;
};

/** Stubs the network boundary only: each call answers with the next reply (or throws for 'network-down'). */
export function fakeFetch(...replies: Array<Reply | 'network-down'>) {
  const queue = [...replies];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof NodeRequest ? input : new PageRelativeRequest(input, init);
    const text = await request.text();
    received.push({
      url: new URL(request.url).pathname,
      method: request.method,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    const reply = queue.shift();
    if (!reply || reply === 'network-down') throw new TypeError('Failed to fetch');
    await reply.until;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('Request', PageRelativeRequest);
  const received: SentRequest[] = [];
  return Object.assign(fetchMock, { received });
}

type SentRequest = { url: string; method: string; body: unknown };

/** The URL, method and JSON body of the n-th request, as the server would receive them. */
export const sentRequest = (fetchMock: ReturnType<typeof fakeFetch>, index = 0) => fetchMock.received[index];
