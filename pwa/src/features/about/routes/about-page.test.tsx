import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderPageWithQuery } from '../../../test/render-page';
import { AboutPage } from './about-page';

const operatorConfig = {
  siteName: 'Demo Mining',
  supportEmail: 'help@demo.test',
  supportPhone: '',
  postalAddress: '',
  wallets: {},
  chatWidgetScriptUrl: '',
  messagingLink: '',
  mapsApiKey: '',
  referralBonusRate: 0.05,
  team: { manager: 'Pat Example', finance: 'Robin Sample', analyst: 'Casey Demo' },
  marketingClaims: { creditLimit: '', cashBack: '' },
};

describe('AboutPage', () => {
  it('names the team from operator config beside our illustrated avatars', async () => {
    fakeFetch({ status: 200, body: operatorConfig });
    renderPageWithQuery(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pat Example' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Robin Sample' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Casey Demo' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Illustrated avatar of our Finance' })).toHaveAttribute(
      'src',
      '/team/finance.svg',
    );
    expect(screen.getByText(/Demo Mining runs crypto mining plans/)).toBeInTheDocument();
  });

  it('offers free consultancy by the support e-mail, and Get Started leads to sign-up', async () => {
    fakeFetch({ status: 200, body: operatorConfig });
    renderPageWithQuery(<AboutPage />);
    expect(await screen.findByRole('link', { name: 'help@demo.test' })).toHaveAttribute(
      'href',
      'mailto:help@demo.test',
    );
    const getStarted = screen.getAllByRole('link', { name: 'Get Started' });
    expect(getStarted).toHaveLength(2);
    for (const link of getStarted) expect(link).toHaveAttribute('href', '/sign-up');
  });
});
