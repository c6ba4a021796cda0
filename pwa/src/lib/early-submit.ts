// Kept apart from React so the entry (main.tsx) can run it at once, long before React hydrates the page.

/** Marks a submit button that is disabled in a page's HTML only because React has not hydrated its form yet. */
export const awaitingReactAttribute = 'data-awaiting-react';

let pending: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;

/**
 * On a page rendered at build time: enables the submit buttons the HTML disables until React runs, and holds a form
 * sent before React has hydrated it (nothing is sent, no password reaches an address), to be sent by React once it
 * has (takeEarlySubmit).
 */
export function armEarlySubmits(document: Document) {
  for (const button of document.querySelectorAll<HTMLButtonElement>(`button[${awaitingReactAttribute}]`))
    button.disabled = false;
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.querySelector(`[${awaitingReactAttribute}]`)) return;
      event.preventDefault();
      pending = { form, submitter: (event as SubmitEvent).submitter };
    },
    { capture: true },
  );
}

/** Sends `form` again, now through React, when the visitor sent it before React had hydrated it. */
export function takeEarlySubmit(form: HTMLFormElement) {
  if (pending?.form !== form) return;
  const { submitter } = pending;
  pending = undefined;
  form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
}

// Input React would otherwise be handed on a part it has not hydrated yet.
const inputEvents = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'dblclick',
  'contextmenu',
  'touchstart',
  'touchend',
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'change',
  'select',
  'paste',
  'cut',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'focusin',
  'focusout',
  'submit',
];

/** Whether React has hydrated `node` (React DOM marks each node it owns; an internal name, stable since React 17). */
const hydrated = (node: EventTarget | null) =>
  node instanceof Node && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/**
 * On a page rendered at build time, React does not hear of input on a part it has not hydrated yet: told of it,
 * React renders that part anew instead of hydrating it, and what was typed there is lost. The browser handles the
 * input as on a page without script (links open, text is typed), and React adopts what was typed once it has
 * hydrated the part (use-early-input.ts).
 */
export function keepEarlyInputFromReact(document: Document) {
  for (const type of inputEvents)
    document.addEventListener(
      type,
      (event) => {
        if (!hydrated(event.target)) event.stopPropagation();
      },
      { capture: true },
    );
}
