import { useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text with the Clipboard API; the state says how it went and returns to 'idle' after a few seconds. */
export function useClipboardCopy(resetAfterMs = 3000) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), resetAfterMs);
    return () => clearTimeout(timer);
  }, [state, resetAfterMs]);

  async function copy(text: string) {
    try {
      // Missing on insecure origins and some older browsers: report it instead of pretending.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return { copy, state };
}
