import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

const router: { navigate: ReturnType<typeof useNavigate> } = { navigate: () => undefined };
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

describe('ScrollRestoration', () => {
  afterEach(() => vi.restoreAllMocks());

  it("leaves the document's first page where the browser or the visitor put it, then places each page it opens", () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <Navigator />
        <ScrollRestoration />
      </MemoryRouter>,
    );
    // The visitor had scrolled the page as sent before React took it over: it stays there.
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => {
      window.scrollY = 1200;
      window.dispatchEvent(new Event('scroll'));
    });
    act(() => router.navigate('/about-us'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });
});
