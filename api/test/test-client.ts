import { randomInt } from 'node:crypto';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** A caller with its own address (the test app trusts X-Forwarded-For), so rate limits stay per client. */
export class TestClient {
  readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  constructor(
    readonly baseUrl: string,
    public token?: string,
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    const token = options.token ?? this.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body = options.body;
    if (options.json !== undefined && method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = any>(path: string, options?: RequestOptions) => this.request<T>('GET', path, options);
  post = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>('POST', path, { ...options, json });
  put = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>('PUT', path, { ...options, json });
  delete = <T = any>(path: string, options?: RequestOptions) => this.request<T>('DELETE', path, options);
}
