import { FALLBACK_LANGUAGE, LANGUAGES } from '../config/languages';
import { initialLanguage } from './i18n/initial-language';

/**
 * A page's first screen as the server sent it in English (`[data-served-screen]`: the landing, sign-in), when the
 * visitor reads English, the only language it is sent in. Otherwise null: React starts at once.
 */
export function servedScreen(doc: Document): HTMLElement | null {
  const screen = doc.querySelector<HTMLElement>('[data-served-screen]');
  return screen && initialLanguage() === FALLBACK_LANGUAGE ? screen : null;
}

/** The first signs of a person at the page: a touch, a click, the mouse, a key, a scroll, a focus, a choice. */
export const arrivalEvents = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'wheel',
  'scroll',
  'focusin',
  'input',
  'change',
] as const;

type Field = HTMLInputElement | HTMLSelectElement;

/** Fields of the served screen a person may have filled or picked before this script ran (a browser's autofill too). */
const fieldsOf = (root: ParentNode) => [...root.querySelectorAll<Field>('input, select')];
const changed = (field: Field) =>
  field instanceof HTMLSelectElement
    ? !(field.selectedOptions[0]?.defaultSelected ?? true)
    : field.type === 'checkbox'
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue;

/**
 * Resolves at the visitor's first sign of presence on the served screen, or at once when they acted before this
 * script ran (a language picked, a field filled).
 */
export function visitorArrives(target: Window, screen: HTMLElement): Promise<void> {
  if (fieldsOf(screen).some(changed)) return Promise.resolve();
  return new Promise((resolve) => {
    const arrive = () => {
      for (const name of arrivalEvents) target.removeEventListener(name, arrive, true);
      resolve();
    };
    for (const name of arrivalEvents) target.addEventListener(name, arrive, { capture: true, passive: true });
  });
}

/**
 * The served language menu lists English only (laying out 20 names in their own scripts is costly before the first
 * paint); the others are added when the visitor shows up, before React's own menu replaces it.
 */
export function offerEveryLanguage(screen: HTMLElement) {
  const menu = screen.querySelector('select');
  // Served, it holds English alone (pwa/served-screens/).
  if (!menu || menu.length > 1) return;
  for (const { code, name } of LANGUAGES.slice(1)) {
    const option = new Option(name, code);
    option.lang = code;
    menu.append(option);
  }
}

/** Resolves once `element` has left the document (React's first commit replaces the served screen). */
function removed(element: Element): Promise<void> {
  const parent = element.parentNode;
  if (!parent || !element.isConnected) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (element.isConnected) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(parent, { childList: true });
  });
}

/**
 * An element's twin on React's screen: the same input type, or tag and first class, at the same place among those.
 * (Our class names and input types are plain words: nothing to escape.)
 */
function twinKey(element: Element): string {
  if (element instanceof HTMLInputElement) return `input[type=${element.type}]`;
  const className = element.classList[0];
  return className ? `${element.localName}.${className}` : element.localName;
}
function twinOf<T extends Element>(element: T, screen: ParentNode, root: ParentNode): T | undefined {
  const key = twinKey(element);
  const index = [...screen.querySelectorAll(key)].indexOf(element);
  return index < 0 ? undefined : (root.querySelectorAll(key)[index] as T | undefined);
}

/** Sets a field's value as a person would, so React's onChange sees it (React tracks the value it last set). */
function fillAsTyped(field: Field, value: string) {
  const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Hands what the visitor did on the served screen over to React's screen once it has replaced it: what they typed
 * or picked (the language, the e-mail, the password, the tick), the field they were in and where in it, and each
 * tap on a button (the menu, the slides, Sign In), made again on React's twin of it. Links need nothing: they
 * navigate on their own. The served form never submits itself: Enter or Sign In there is a tap, made again here.
 */
export function handOverToReact(screen: HTMLElement) {
  const taps: Element[] = [];
  let focused: Field | null = null;
  const noteTap = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && screen.contains(button)) taps.push(button);
  };
  const noteFocus = (event: Event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) focused = event.target;
  };
  const holdSubmit = (event: Event) => event.preventDefault();
  screen.addEventListener('click', noteTap);
  screen.addEventListener('focusin', noteFocus);
  screen.addEventListener('submit', holdSubmit);
  return {
    async afterReactTakesOver(root: ParentNode) {
      // The served screen's listeners go with it: it is out of the document for good.
      await removed(screen);
      for (const field of fieldsOf(screen).filter(changed)) {
        const twin = twinOf(field, screen, root);
        if (!twin) continue;
        if (field instanceof HTMLInputElement && field.type === 'checkbox') {
          if (twin instanceof HTMLInputElement && twin.checked !== field.checked) twin.click();
        } else if (twin.value !== field.value) fillAsTyped(twin, field.value);
      }
      // The served field had the focus when React replaced it: the visitor goes on typing in React's.
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      const typingIn = focused && focusLost ? twinOf<Field>(focused, screen, root) : undefined;
      if (focused && typingIn) {
        typingIn.focus();
        // Where in the field they were (e-mail fields have no selection to read or set).
        if (
          focused instanceof HTMLInputElement &&
          typingIn instanceof HTMLInputElement &&
          focused.type === 'password'
        ) {
          typingIn.setSelectionRange(focused.selectionStart, focused.selectionEnd);
        }
      }
      for (const button of taps)
        twinOf(button, screen, root)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    },
  };
}
