import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { queryClientWithConfig } from '../../test/operator-config-fixture';
import { SiteHeader } from './site-header';

function renderHeader() {
  return render(
    <QueryClientProvider client={queryClientWithConfig()}>
      <MemoryRouter initialEntries={['/']}>
        <SiteHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SiteHeader', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
    localStorage.clear();
  });

  it('shows the operator’s support line, navigation and the Sign In / Register links', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'E-mail help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(screen.getByRole('link', { name: 'Call +1 555 0100' })).toHaveAttribute('href', 'tel:+1 555 0100');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/about-us', '/services', '/portfolio', '/contact']);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Example Mining (demo) home' })).toHaveAttribute('href', '/');
  });

  it('opens and closes the mobile menu, and closes it when a link is followed', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toHaveClass('site-header__menu--open');
    fireEvent.click(within(menu).getByRole('link', { name: 'Portfolio' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the 21 languages and switching to Arabic mirrors the page and is remembered', async () => {
    renderHeader();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([
      'en',
      'fr',
      'pt',
      'fa',
      'es',
      'ru',
      'ar',
      'de',
      'it',
      'zh-CN',
      'ja',
      'ko',
      'fi',
      'hi',
      'bn',
      'ur',
      'tr',
      'vi',
      'nl',
      'pl',
      'sv',
    ]);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'ar' } });
    });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(localStorage.getItem('language')).toBe('ar');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'ja' } });
    });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('language')).toBe('ja');
  });
});
