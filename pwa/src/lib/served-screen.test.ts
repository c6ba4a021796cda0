import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '../config/languages';
import { arrivalEvents, handOverToReact, offerEveryLanguage, servedScreen, visitorArrives } from './served-screen';

// A served first screen as pwa/served-screens/ writes them, and React's screen that replaces it: the same
// controls, React's with ids of its own.
const servedHtml = `<div data-served-screen>
  <select id="language-select" class="language-selector__select"><option value="en" lang="en" selected>English</option></select>
  <button type="button" class="site-header__toggle">Open menu</button>
  <button type="button" class="carousel__arrow">Previous</button><button type="button" class="carousel__arrow">Next</button>
  <form method="post"><input id="sign-in-email" type="email" name="email" value=""><input id="sign-in-password" type="password" name="password" value="">
  <label><input type="checkbox"> Remember me</label><button type="submit" class="btn">Sign In</button></form>
  <a href="/sign-in" class="btn">Sign In</a>
</div>`;
const reactHtml = `<div class="public-layout">
  <select id="_r_1_" class="language-selector__select"><option value="en">English</option><option value="ar">العربية</option></select>
  <button class="site-header__toggle">Open menu</button><button class="carousel__arrow">Previous</button><button class="carousel__arrow">Next</button>
  <form><input id="_r_2_" type="email" name="email"><input id="_r_3_" type="password" name="password"><input type="checkbox"><button type="submit" class="btn">Sign In</button></form>
</div>`;

function serve() {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = servedHtml;
  document.body.replaceChildren(root);
  return { root, screen: root.querySelector<HTMLElement>('[data-served-screen]')! };
}

/** What React's first commit does to the served screen; every click and change on React's screen is noted. */
function reactTakesOver(root: HTMLElement) {
  const seen: string[] = [];
  root.innerHTML = reactHtml;
  root.querySelectorAll('button').forEach((button, index) =>
    button.addEventListener('click', (event) => {
      event.preventDefault();
      seen.push(`click ${button.className}#${index}`);
    }),
  );
  root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select').forEach((field) => {
    field.addEventListener('input', () => seen.push(`input ${field.id}=${field.value}`));
    field.addEventListener('change', () =>
      seen.push(
        `change ${field.id}=${field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value}`,
      ),
    );
  });
  return seen;
}

/** Whether `promise` has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
});

describe('servedScreen', () => {
  it('finds the served first screen for an English reader', () => {
    const { screen } = serve();
    expect(servedScreen(document)).toBe(screen);
  });

  it('is null where the page has none, or the visitor chose another language', () => {
    expect(servedScreen(document)).toBeNull();
    serve();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(servedScreen(document)).toBeNull();
  });
});

describe('visitorArrives', () => {
  it('waits while nobody is at the page', async () => {
    const { screen } = serve();
    expect(await settled(visitorArrives(window, screen))).toBe(false);
  });

  it('resolves at once when a language was picked or a field filled before the script ran', async () => {
    const { screen } = serve();
    offerEveryLanguage(screen);
    screen.querySelector('select')!.value = 'ar';
    expect(await settled(visitorArrives(window, screen))).toBe(true);
    const other = serve();
    other.screen.querySelector<HTMLInputElement>('[name=email]')!.value = 'ada@example.com';
    expect(await settled(visitorArrives(window, other.screen))).toBe(true);
  });

  it.each(arrivalEvents)('resolves at the first %s', async (name) => {
    const { screen } = serve();
    const arrival = visitorArrives(window, screen);
    window.dispatchEvent(new Event(name));
    expect(await settled(arrival)).toBe(true);
  });
});

describe('offerEveryLanguage', () => {
  it('adds the languages the served menu leaves out, in order, each named in its own language, once', () => {
    const { screen } = serve();
    const menu = screen.querySelector('select')!;
    expect(menu.length).toBe(1);
    offerEveryLanguage(screen);
    offerEveryLanguage(screen);
    expect([...menu.options].map((option) => option.value)).toEqual(LANGUAGES.map((language) => language.code));
    expect(menu.querySelector<HTMLOptionElement>('option[value=ja]')!.text).toBe('日本語');
    expect(menu.querySelector<HTMLOptionElement>('option[value=ja]')!.lang).toBe('ja');
    expect(menu.value).toBe('en');
  });
});

describe('handOverToReact', () => {
  it("makes each tap on a served button again on React's twin, once React has replaced the screen", async () => {
    const { root, screen } = serve();
    const handOver = handOverToReact(screen);
    screen.querySelectorAll<HTMLElement>('.carousel__arrow')[1]!.click();
    screen.querySelector<HTMLElement>('.site-header__toggle')!.click();
    const link = screen.querySelector<HTMLElement>('a')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();

    const handedOver = handOver.afterReactTakesOver(root);
    expect(await settled(handedOver)).toBe(false);
    const seen = reactTakesOver(root);
    await handedOver;
    expect(seen).toEqual(['click carousel__arrow#2', 'click site-header__toggle#0']);
  });

  it('hands over what was typed and picked, then the Sign In tap, and never lets the served form submit', async () => {
    const { root, screen } = serve();
    const handOver = handOverToReact(screen);
    offerEveryLanguage(screen);
    screen.querySelector('select')!.value = 'ar';
    screen.querySelector<HTMLInputElement>('[name=email]')!.value = 'ada@example.com';
    screen.querySelector<HTMLInputElement>('[name=password]')!.value = 'correct horse';
    screen.querySelector<HTMLInputElement>('[type=checkbox]')!.checked = true;
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    screen.querySelector('form')!.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    screen.querySelector<HTMLElement>('[type=submit]')!.click();

    const handedOver = handOver.afterReactTakesOver(root);
    const seen = reactTakesOver(root);
    await handedOver;
    expect(seen).toEqual([
      'change _r_1_=ar',
      'input _r_2_=ada@example.com',
      'input _r_3_=correct horse',
      'input =on',
      'change =true',
      'click btn#3',
    ]);
    expect(root.querySelector<HTMLInputElement>('[name=email]')!.value).toBe('ada@example.com');
    expect(root.querySelector<HTMLInputElement>('[name=password]')!.value).toBe('correct horse');
    expect(root.querySelector<HTMLInputElement>('[type=checkbox]')!.checked).toBe(true);
    expect(root.querySelector('select')!.value).toBe('ar');
  });

  it('puts the visitor back in the field they were typing in, where they were', async () => {
    const { root, screen } = serve();
    const handOver = handOverToReact(screen);
    const password = screen.querySelector<HTMLInputElement>('[name=password]')!;
    password.focus();
    password.value = 'correct horse';
    password.setSelectionRange(3, 3);
    const handedOver = handOver.afterReactTakesOver(root);
    reactTakesOver(root);
    await handedOver;
    const twin = root.querySelector<HTMLInputElement>('[name=password]')!;
    expect(document.activeElement).toBe(twin);
    expect([twin.selectionStart, twin.selectionEnd]).toEqual([3, 3]);
  });

  it('does nothing when the visitor did nothing', async () => {
    const { root, screen } = serve();
    const handOver = handOverToReact(screen);
    const handedOver = handOver.afterReactTakesOver(root);
    const seen = reactTakesOver(root);
    await handedOver;
    expect(seen).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });
});
