import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvestorProfile } from '../../../../../api/contracts/answers';
import { saveSession } from '../../../lib/session-store';
import { fakeApi } from '../../../test/fake-api';
import { operatorConfigFixture, queryClientWithConfig } from '../../../test/operator-config-fixture';
import { renderPageWithQuery } from '../../../test/render-page';
import { UserProfilePage } from './user-profile-page';

const profile: InvestorProfile = {
  id: '1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+447700900123',
  country: 'GB',
  address: '1 Placeholder Street',
  referralCode: 'ADA123',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  bankName: null,
  accountName: null,
  accountNumber: null,
  swiftCode: null,
  bitcoinAddress: null,
  ethereumAddress: null,
  usdtAddress: null,
  litecoinAddress: null,
  dogecoinAddress: null,
};
const userAnswer = { status: 200, body: { user: profile } };
const ethereum = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('user profile', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession({
      user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      referralLink: 'http://x/referral/ADA123',
    });
  });

  it('opens on Profile Settings, filled from GET /api/user, with the other two tabs beside it', async () => {
    fakeApi({ 'GET /api/user': userAnswer });
    renderPageWithQuery(<UserProfilePage />);
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Profile Settings', 'true'],
      ['Withdrawer Details', 'false'],
      ['Password/Security', 'false'],
    ]);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+447700900123');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByRole('option', { name: 'United Kingdom' })).toHaveProperty('selected', true);
    expect(screen.getByLabelText('Address')).toHaveValue('1 Placeholder Street');
  });

  it('saves Profile Settings with only that tab’s fields and shows success', async () => {
    const api = fakeApi({
      'GET /api/user': userAnswer,
      'PUT /api/update-profile': {
        status: 200,
        body: { message: 'Profile updated', user: { ...profile, lastName: 'Byron', country: 'FR' } },
      },
    });
    renderPageWithQuery(<UserProfilePage />);
    const lastName = await screen.findByLabelText('Last name');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Byron');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'FR');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/update-profile',
        body: {
          firstName: 'Ada',
          lastName: 'Byron',
          phoneNumber: '+447700900123',
          country: 'FR',
          address: '1 Placeholder Street',
        },
      },
    ]);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ lastName: 'Byron' });
    expect(screen.queryByText(/Please verify the new address/)).not.toBeInTheDocument();
  });

  it('asks for the current password only when the e-mail changes, and shows the server’s verdict on it', async () => {
    const api = fakeApi({
      'GET /api/user': userAnswer,
      'PUT /api/update-profile': {
        status: 400,
        body: {
          message: 'Current password is incorrect',
          errors: { currentPassword: 'Current password is incorrect' },
        },
      },
    });
    renderPageWithQuery(<UserProfilePage />);
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@new.example');
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong guess');
    expect(
      screen.getByText('To change your e-mail address, confirm it with your current password.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Current password is incorrect', { selector: '.field__error' })).toBeInTheDocument();
    expect(api.writes()[0]?.body).toMatchObject({ email: 'ada@new.example', currentPassword: 'wrong guess' });
  });

  it('tells the investor to verify a changed e-mail address', async () => {
    const api = fakeApi({
      'GET /api/user': userAnswer,
      'PUT /api/update-profile': {
        status: 200,
        body: { message: 'Profile updated', user: { ...profile, email: 'ada@new.example', emailVerified: false } },
      },
    });
    renderPageWithQuery(<UserProfilePage />);
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@new.example');
    await userEvent.type(screen.getByLabelText('Current password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(api.writes()[0]?.body).toMatchObject({ email: 'ada@new.example', currentPassword: 'my password' });
    expect(await screen.findByText(/Your e-mail address changed. Please verify the new address./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify e-mail' })).toHaveAttribute(
      'href',
      '/email-verification?email=ada%40new.example',
    );
  });

  it('saves Withdrawer Details with only the payout fields and shows server errors beside each field', async () => {
    const api = fakeApi({
      'GET /api/user': userAnswer,
      'PUT /api/update-profile': [
        {
          status: 400,
          body: {
            message: 'Please correct the highlighted fields',
            errors: { bitcoinAddress: 'Not a valid Bitcoin address' },
          },
        },
        {
          status: 200,
          body: {
            message: 'Profile updated',
            user: { ...profile, bankName: 'Placeholder Bank', ethereumAddress: ethereum },
          },
        },
      ],
    });
    renderPageWithQuery(<UserProfilePage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Withdrawer Details' }));
    await userEvent.type(screen.getByLabelText('Bank name'), 'Placeholder Bank');
    await userEvent.type(screen.getByLabelText('Bitcoin address'), 'not-bitcoin');
    await userEvent.type(screen.getByLabelText('Ethereum address'), ethereum);
    expect(screen.getByLabelText('USDT address (TRC20)')).toHaveValue('');
    // No chain of the server's offers Litecoin or Dogecoin (no config here): their fields are neither shown nor sent.
    expect(screen.queryByLabelText('Litecoin address')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Not a valid Bitcoin address')).toBeInTheDocument();
    expect(screen.getByLabelText('Bitcoin address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({
      bankName: 'Placeholder Bank',
      accountName: '',
      accountNumber: '',
      swiftCode: '',
      bitcoinAddress: 'not-bitcoin',
      ethereumAddress: ethereum,
      usdtAddress: '',
    });

    await userEvent.clear(screen.getByLabelText('Bitcoin address'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(screen.queryByText('Not a valid Bitcoin address')).not.toBeInTheDocument();
  });

  it('says for each wallet address whether saving it takes effect at once (the first) or after the link and the hold', async () => {
    const bitcoin = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const noAddresses = { address: null, pending: null };
    fakeApi({
      'GET /api/user': [
        { status: 200, body: { user: { ...profile, bitcoinAddress: bitcoin } } },
        { status: 200, body: { user: { ...profile, bitcoinAddress: bitcoin, ethereumAddress: ethereum } } },
      ],
      'GET /api/payout-addresses': {
        status: 200,
        body: {
          holdHours: 48,
          addresses: {
            bitcoin: { address: bitcoin, pending: null },
            ethereum: noAddresses,
            usdt: noAddresses,
            litecoin: noAddresses,
            dogecoin: noAddresses,
          },
        },
      },
      'PUT /api/update-profile': {
        status: 200,
        body: { message: 'Profile updated', user: { ...profile, bitcoinAddress: bitcoin, ethereumAddress: ethereum } },
      },
    });
    renderPageWithQuery(<UserProfilePage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Withdrawer Details' }));
    const held =
      'A change takes effect after you confirm it from the e-mail we send, then 48 hours later. Until then withdrawals go to this address.';
    const atOnce = 'No address set yet: this one takes effect as soon as you save it.';
    expect(await screen.findByText(/then 48 hours later, so that no one else/)).toHaveTextContent(
      "A coin's first wallet address takes effect as soon as you save it. A change to an address already set",
    );
    expect(screen.getByLabelText('Bitcoin address')).toHaveAccessibleDescription(held);
    expect(screen.getByLabelText('Ethereum address')).toHaveAccessibleDescription(atOnce);
    expect(screen.getByLabelText('USDT address (TRC20)')).toHaveAccessibleDescription(atOnce);
    // Bank details are not payout addresses: no such line.
    expect(screen.getByLabelText('Bank name')).not.toHaveAccessibleDescription();

    // Once the first Ethereum address is in force, changing it is held too.
    await userEvent.type(screen.getByLabelText('Ethereum address'), ethereum);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Ethereum address')).toHaveAccessibleDescription(held));
  });

  it('asks for a Litecoin address only where the server offers Litecoin withdrawals, and saves it', async () => {
    const litecoin = 'ltc1qcr8te4kr609gcawutmrza0j4xv80jy8z4nqduv';
    const api = fakeApi({
      'GET /api/user': userAnswer,
      'PUT /api/update-profile': {
        status: 200,
        body: { message: 'Profile updated', user: { ...profile, litecoinAddress: litecoin } },
      },
    });
    renderPageWithQuery(<UserProfilePage />, {
      route: '/user-profile',
      client: queryClientWithConfig({ withdrawalMethods: ['Bitcoin', 'Ethereum', 'USDT', 'Litecoin'] }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Withdrawer Details' }));
    expect(screen.queryByLabelText('Dogecoin address')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Litecoin address'), litecoin);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(api.writes()[0]!.body).toMatchObject({ litecoinAddress: litecoin });
    expect(api.writes()[0]!.body).not.toHaveProperty('dogecoinAddress');
    expect(screen.getByLabelText('Litecoin address')).toHaveValue(litecoin);
  });

  it('shows the Litecoin address in force when the config offering it arrives after the form', async () => {
    const litecoin = 'ltc1qcr8te4kr609gcawutmrza0j4xv80jy8z4nqduv';
    let answerConfig = () => {};
    const configHeld = new Promise<void>((resolve) => (answerConfig = resolve));
    fakeApi({
      'GET /api/user': { status: 200, body: { user: { ...profile, litecoinAddress: litecoin } } },
      'GET /api/config': {
        status: 200,
        body: { ...operatorConfigFixture, withdrawalMethods: ['Bitcoin', 'Ethereum', 'USDT', 'Litecoin'] },
        until: configHeld,
      },
    });
    renderPageWithQuery(<UserProfilePage />, { route: '/user-profile' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Withdrawer Details' }));
    expect(screen.queryByLabelText('Litecoin address')).not.toBeInTheDocument();
    answerConfig();
    // Never an empty field that a save would send as the address's removal.
    expect(await screen.findByLabelText('Litecoin address')).toHaveValue(litecoin);
  });

  it("Password/Security: says 'Passwords do not match' without sending, then sends a matching change", async () => {
    const api = fakeApi({
      'GET /api/user': userAnswer,
      'POST /api/update-password': { status: 200, body: { message: 'Password updated successfully' } },
    });
    renderPageWithQuery(<UserProfilePage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Password/Security' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-22');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-23');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-22');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(
      await screen.findByText('Password updated successfully. Your other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/update-password',
        body: {
          email: 'ada@example.com',
          oldPassword: 'old-secret-1',
          newPassword: 'new-secret-22',
          confirmPassword: 'new-secret-22',
        },
      },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password beside its field', async () => {
    fakeApi({
      'GET /api/user': userAnswer,
      'POST /api/update-password': {
        status: 400,
        body: { message: 'Current password is incorrect', errors: { oldPassword: 'Current password is incorrect' } },
      },
    });
    renderPageWithQuery(<UserProfilePage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Password/Security' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-22');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-22');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});
