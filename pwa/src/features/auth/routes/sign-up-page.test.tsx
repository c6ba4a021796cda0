import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { readSession } from '../../../lib/session-store';
import { fakeFetch, sentRequest } from '../../../test/fake-fetch';
import { renderPage } from '../../../test/render-page';
import { SignUpPage } from './sign-up-page';

function renderSignUp(route = '/sign-up') {
  renderPage(
    <Routes>
      <Route path="/sign-up" element={<SignUpPage />} />
      <Route path="/referral/:code" element={<SignUpPage />} />
      <Route path="/dashboard" element={<h1>Dashboard stand-in</h1>} />
    </Routes>,
    { route },
  );
}

/** GET /api/terms/current, which the page asks for when the form is sent (issue 37). */
const currentTerms = {
  status: 200,
  body: {
    version: '2026-11-01',
    language: 'en',
    document: { title: 'Terms', notice: 'Placeholder', sections: [{ heading: 'Terms', paragraphs: ['Be nice.'] }] },
  },
};

async function fillForm({ acceptTerms = true } = {}) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone number'), '+44 20 7946 0958');
  await user.selectOptions(screen.getByLabelText('Country'), 'United Kingdom');
  await user.type(screen.getByLabelText('Password'), 'long enough pw');
  if (acceptTerms) await user.click(screen.getByLabelText('I accept the terms and the risk disclosure'));
  return user;
}

afterEach(() => localStorage.clear());

describe('SignUpPage', () => {
  it.each([
    ['Email is already registered', 'This email is already registered. Please use a different email address.'],
    ['All fields are required', 'All fields are required. Please fill in all the fields.'],
    ['Invalid referral code', 'Invalid referral code. Please check the referral code and try again.'],
    ['Referral limit reached', 'Referral limit reached. The referral code has already been used by 5 users.'],
    ['Something unexpected', 'An error occurred while signing up'],
  ])('maps the server message %j to the spec text', async (serverMessage, shown) => {
    fakeFetch(currentTerms, { status: 400, body: { message: serverMessage } });
    renderSignUp();
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('shows the generic text when the network fails', async () => {
    fakeFetch(currentTerms, 'network-down');
    renderSignUp();
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while signing up');
  });

  it('shows per-field errors beside their fields', async () => {
    fakeFetch(currentTerms, {
      status: 400,
      body: { message: 'Please correct the highlighted fields', errors: { phoneNumber: 'Phone number is not valid' } },
    });
    renderSignUp();
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Phone number is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Phone number is not valid');
  });

  it('says the rule a field broke, and clears it as soon as the field meets the rules', async () => {
    fakeFetch(currentTerms, {
      status: 400,
      body: {
        message: 'Please correct the highlighted fields',
        errors: { password: 'Password must be at least 8 characters', email: 'Email address is not valid' },
      },
    });
    renderSignUp();
    const user = await fillForm();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email address is not valid');

    // Still too short: the same rule; long enough: no message, whatever the strength meter says.
    await user.type(password, 'er');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(password, ' and longer still');
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
    expect(password).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('You now have a strong password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), '.com');
    expect(screen.queryByText('Email address is not valid')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('follows the rule the field breaks now: emptied, it asks for the field', async () => {
    fakeFetch(currentTerms, {
      status: 400,
      body: {
        message: 'Please correct the highlighted fields',
        errors: { lastName: 'must be at most 100 characters' },
      },
    });
    renderSignUp();
    const user = await fillForm();
    const lastName = screen.getByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'L'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('At most 100 characters.')).toBeInTheDocument();
    await user.clear(lastName);
    expect(screen.queryByText('At most 100 characters.')).not.toBeInTheDocument();
    expect(lastName).toHaveAccessibleDescription('Fill in this field.');
    await user.type(lastName, 'Lovelace');
    expect(lastName).not.toHaveAccessibleDescription();
  });

  it('translates what only the server can judge (phone, country) and clears it once the field is changed', async () => {
    fakeFetch(currentTerms, {
      status: 400,
      body: {
        message: 'Please correct the highlighted fields',
        errors: { phoneNumber: 'Enter a valid phone number with its country code' },
      },
    });
    renderSignUp();
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const phone = screen.getByLabelText('Phone number');
    expect(await screen.findByText('Enter a valid phone number with its country code.')).toBeInTheDocument();
    await user.type(phone, '1');
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the country code and the referral code from the link, then opens the dashboard', async () => {
    const fetchMock = fakeFetch(currentTerms, {
      status: 201,
      body: { user: { firstName: 'Ada' }, token: 'jwt', referralLink: 'https://x.test/referral/NEW1' },
    });
    renderSignUp('/referral/FRIEND42');
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('FRIEND42');
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(sentRequest(fetchMock, 1)).toEqual({
      url: '/api/signup',
      method: 'POST',
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phoneNumber: '+44 20 7946 0958',
        country: 'GB',
        password: 'long enough pw',
        referralCode: 'FRIEND42',
        acceptedTermsVersion: '2026-11-01',
      },
    });
    expect(readSession()).toEqual({ user: { firstName: 'Ada' }, referralLink: 'https://x.test/referral/NEW1' });
  });

  it('shows Loading... on the button while the request runs', async () => {
    let release = () => {};
    fakeFetch(currentTerms, {
      status: 400,
      body: { message: 'Invalid referral code' },
      until: new Promise<void>((resolve) => {
        release = resolve;
      }),
    });
    renderSignUp();
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('asks for the terms box before anything is sent, and asks again when the terms changed meanwhile', async () => {
    const fetchMock = fakeFetch(currentTerms, {
      status: 409,
      body: { message: 'The terms changed', code: 'terms_version_changed', version: '2026-12-01' },
    });
    renderSignUp();
    const user = await fillForm({ acceptTerms: false });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Accept the terms and the risk disclosure to sign up.');
    expect(fetchMock.received).toEqual([]);
    const box = screen.getByLabelText('I accept the terms and the risk disclosure');
    await user.click(box);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The terms changed while this page was open');
    expect(box).not.toBeChecked();
    expect(sentRequest(fetchMock, 1)?.body).toMatchObject({ acceptedTermsVersion: '2026-11-01' });
  });

  it('shows the text of the terms on demand', async () => {
    fakeFetch(currentTerms);
    renderSignUp();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Read the terms and the risk disclosure' }));
    expect(await screen.findByRole('dialog', { name: 'Terms' })).toHaveTextContent('Be nice.');
  });

  it('lists about 250 ISO countries by name', () => {
    fakeFetch();
    renderSignUp();
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(240);
    expect(screen.getByRole('option', { name: 'Germany' })).toHaveValue('DE');
  });
});
