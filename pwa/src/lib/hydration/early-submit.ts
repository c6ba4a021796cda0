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

/** Whether `node` is in a part that hydrates only once scrolled to (hydrate-when-visible.tsx). */
const inPartHydratedLater = (node: EventTarget | null) =>
  (node instanceof Element ? node : node instanceof Node ? node.parentElement : null)?.closest(
    '[data-hydrate-when-visible]',
  ) != null;

let reactListening = false;
/** Buttons tapped before React listened to the page, in the order they were tapped. */
const heldTaps: HTMLButtonElement[] = [];

/**
 * On a page rendered at build time, input reaches React only where React can take it:
 * - Before React listens (its code still arriving), a tap on a button is held and given to React once it listens
 *   (reactListens); the browser handles everything else as on a page without script (links open, text is typed).
 * - Once React hydrates the page, it hydrates at once whatever it is told of and then handles it.
 * - A part hydrated only once scrolled to may still wait for its code: told of input there, React would render the
 *   part anew instead of hydrating it, and what was typed would be lost. It hears nothing until it has hydrated the
 *   part, and adopts what was typed then (use-early-input.ts).
 */
export function keepEarlyInputFromReact(document: Document) {
  for (const type of inputEvents)
    document.addEventListener(
      type,
      (event) => {
        const target = event.target;
        if (hydrated(target) || (reactListening && !inPartHydratedLater(target))) return;
        if (!reactListening && type === 'click' && target instanceof Element) {
          const button = target.closest('button');
          if (button?.type === 'button' && !inPartHydratedLater(button)) heldTaps.push(button);
        }
        event.stopPropagation();
      },
      { capture: true },
    );
}

/** React listens to the page now (hydrateRoot has run): the taps held until now are handed to it, in order. */
export function reactListens() {
  reactListening = true;
  for (const button of heldTaps.splice(0)) if (button.isConnected) button.click();
}
