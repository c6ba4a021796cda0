import { useEffect, useRef } from 'react';
import { takeEarlySubmit } from './early-submit';
import { useHydrating } from './use-hydrating';

type Field = (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) & {
  /** React's record of the value it last saw, by which it tells a change from a re-render (React DOM internal). */
  _valueTracker?: { setValue(value: string): void };
};

/**
 * Hands what a visitor typed, ticked or chose in a page rendered at build time, before React hydrated it, to the
 * form's state: hydration keeps it on screen but not in state. Each changed field is reported to React as if the
 * visitor had just changed it, with the caret left where it was.
 */
export function adoptEarlyInput(container: HTMLElement) {
  for (const field of container.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected))
        field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      field._valueTracker?.setValue(String(field.defaultChecked));
      field.dispatchEvent(new Event('click', { bubbles: true }));
    } else if (field.value !== field.defaultValue && field.type !== 'file') {
      const caret = selection(field);
      field._valueTracker?.setValue(field.defaultValue);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      // React puts its state back into the field, which moves the caret to the end: it goes back where it was.
      if (caret) queueMicrotask(() => field.setSelectionRange(...caret));
    }
  }
}

/** The caret of a field being typed in, where the field has one to read (not e-mail fields). */
function selection(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | undefined {
  if (document.activeElement !== field) return undefined;
  try {
    const { selectionStart, selectionEnd } = field;
    return selectionStart === null || selectionEnd === null ? undefined : [selectionStart, selectionEnd];
  } catch {
    return undefined;
  }
}

/**
 * For a form a page may be rendered with at build time: `ref` goes on the form and `submitProps` on its submit
 * button. In that HTML the button is disabled, so a press (or Enter) before any script runs sends nothing, neither
 * to a page that does not take it nor with the password in an address; the entry enables it at once and holds a form
 * sent before React hydrated it (early-submit.ts). Once hydrated, what was typed is adopted and a held form is
 * sent, as the visitor meant.
 */
export function useEarlyInput<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const hydrating = useHydrating();
  // Right after hydration, before React renders the form again with the state it has (which would clear the fields).
  useEffect(() => {
    if (ref.current) adoptEarlyInput(ref.current);
  }, []);
  useEffect(() => {
    if (!hydrating && ref.current instanceof HTMLFormElement) takeEarlySubmit(ref.current);
  }, [hydrating]);
  const submitProps = hydrating ? { disabled: true, 'data-awaiting-react': '' } : {};
  return { ref, submitProps };
}
