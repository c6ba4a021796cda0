import { warmIntl } from './intl-warmup';

// The worker's scope, typed by hand: the project compiles against the DOM library only.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  if (typeof event.data === 'string') warmIntl(event.data);
  scope.postMessage('warm');
};
