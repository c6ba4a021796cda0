import { afterEach, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

// Node's Request (used under jsdom) cannot resolve '/api/...' the way a browser page does.
const NodeRequest = globalThis.Request;
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

export type FakeReply =
  | {
      status: number;
      body?: unknown;
      /** answer only once this settles */
      until?: Promise<unknown>;
      /** beside Content-Type, e.g. a 429's Retry-After */
      headers?: Record<string, string>;
    }
  | 'network-down';
/** What the fake server received: `url` is the path and query string. */
export type ReceivedRequest = { method: string; url: string; body: unknown };
type Handler = FakeReply | FakeReply[] | ((request: ReceivedRequest) => FakeReply);

/**
 * Stubs the network boundary by route ('GET /api/plans'), for pages that load several things at once, in an
 * order that is not part of their contract. A list of replies answers in turn, the last one repeating; a
 * function answers from the request (paging, filtering). A request no route expects gets 599, so a test
 * that forgot one fails loudly. Shared by the investor and funds helpers' tests.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const queues = new Map(
    Object.entries(routes).map(([route, handler]) => [route, Array.isArray(handler) ? [...handler] : handler]),
  );
  const received: ReceivedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof NodeRequest ? input : new PageRelativeRequest(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const sent = { method: request.method, url: url.pathname + url.search, body: text ? parseJson(text) : undefined };
    received.push(sent);
    const handler = queues.get(`${request.method} ${url.pathname}`);
    const reply =
      typeof handler === 'function'
        ? handler(sent)
        : Array.isArray(handler)
          ? handler.length > 1
            ? handler.shift()
            : handler[0]
          : handler;
    if (reply === 'network-down') throw new TypeError('Failed to fetch');
    if (!reply)
      return new Response(JSON.stringify({ message: `No fake for ${request.method} ${url.pathname}` }), {
        status: 599,
      });
    await reply.until;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('Request', PageRelativeRequest);
  return {
    fetch: fetchMock,
    received,
    /** Requests other than GETs: what the page changed on the server. */
    writes: () => received.filter((request) => request.method !== 'GET'),
    /** Requests to one route ('POST /api/signout'), in order. */
    requestsTo: (route: string) =>
      received.filter((request) => `${request.method} ${request.url.split('?')[0]}` === route),
  };
}

/** The query string of a received request, parsed. */
export const searchOf = (request: ReceivedRequest) => new URL(request.url, 'http://fake.test').searchParams;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
