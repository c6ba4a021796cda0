/** Bitcoin Core's JSON-RPC (Litecoin and Dogecoin speak it too), credentials taken from the URL, calls batched. */
export function createUtxoRpc(rpcUrl: string, timeoutMs = 20_000) {
  const url = new URL(rpcUrl);
  const authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  let nextId = 0;

  async function batch<T>(
    calls: Array<[method: string, params: unknown[]]>,
  ): Promise<Array<{ result?: T; error?: { code: number; message: string } }>> {
    if (calls.length === 0) return [];
    const body = calls.map(([method, params]) => ({ jsonrpc: '1.0', id: nextId++, method, params }));
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401 || response.status === 403)
      throw new Error(`node refused the RPC credentials (${response.status})`);
    const answers = (await response.json()) as Array<{
      id: number;
      result?: T;
      error?: { code: number; message: string } | null;
    }>;
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return body.map(({ id }) => {
      const answer = byId.get(id);
      return {
        result: answer?.result,
        error: answer?.error ?? (answer ? undefined : { code: -1, message: 'no answer' }),
      };
    });
  }

  async function call<T>(method: string, ...params: unknown[]): Promise<T> {
    const [answer] = await batch<T>([[method, params]]);
    if (answer!.error)
      throw Object.assign(new Error(`${method}: ${answer!.error.message}`), { code: answer!.error.code });
    return answer!.result as T;
  }

  return { call, batch };
}

export type UtxoRpc = ReturnType<typeof createUtxoRpc>;
