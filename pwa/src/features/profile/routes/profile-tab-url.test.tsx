import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { InvestorProfile } from '../../../../../api/contracts/answers';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { UserProfilePage } from './user-profile-page';

const profile = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  referralCode: 'ADA123',
  emailVerified: true,
  bitcoinAddress: null,
  ethereumAddress: null,
  usdtAddress: null,
} as unknown as InvestorProfile;

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const selectedTab = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('the profile tab is part of the URL', () => {
  it('opens the tab the link names (?tab=withdrawer), and a tab chosen is written back', async () => {
    fakeApi({ 'GET /api/user': { status: 200, body: { user: profile } } });
    renderPageWithQuery(
      <>
        <UserProfilePage />
        <Location />
      </>,
      { route: '/user-profile?tab=withdrawer' },
    );
    expect(await screen.findByLabelText('Bitcoin address')).toBeInTheDocument();
    expect(selectedTab()).toBe('Withdrawer Details');

    await userEvent.click(screen.getByRole('tab', { name: 'Password/Security' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user-profile?tab=security');
    await userEvent.click(screen.getByRole('tab', { name: 'Profile Settings' }));
    expect(screen.getByTestId('location').textContent).toBe('/user-profile');
  });

  it('falls back to Profile Settings for an unknown tab', async () => {
    fakeApi({ 'GET /api/user': { status: 200, body: { user: profile } } });
    renderPageWithQuery(<UserProfilePage />, { route: '/user-profile?tab=nonsense' });
    await screen.findAllByRole('tab');
    expect(selectedTab()).toBe('Profile Settings');
  });
});
