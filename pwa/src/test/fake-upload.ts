import { vi } from 'vitest';

/**
 * Stands in for the network under XMLHttpRequest (the receipt upload uses it for progress events):
 * records each request and lets the test answer, fail or report progress when it chooses. Test-only: shared
 * by the deposit and investor-shell tests, which may not import each other.
 */
export class FakeUploadRequest {
  static sent: FakeUploadRequest[] = [];
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeUploadRequest.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  failWithoutResponse() {
    this.onerror?.();
  }
  /** The text fields of the multipart body, and the file's name. */
  fields() {
    return Object.fromEntries(
      [...this.body!.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
    );
  }
}

export function stubUploads() {
  FakeUploadRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  return FakeUploadRequest.sent;
}
