import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, sentRequest } from '../../../test/fake-fetch';
import { renderPageWithQuery } from '../../../test/render-page';
import { ContactPage } from './contact-page';

const operatorConfig = {
  siteName: 'Demo Mining',
  supportEmail: 'help@demo.test',
  supportPhone: '',
  postalAddress: '1 Test Lane, Newberry, FL',
  wallets: {},
  chatWidgetScriptUrl: '',
  messagingLink: '',
  mapsApiKey: '',
  referralBonusRate: 0.05,
  team: { manager: 'A', finance: 'B', analyst: 'C' },
  marketingClaims: { creditLimit: '', cashBack: '' },
};

afterEach(() => vi.restoreAllMocks());

describe('ContactPage', () => {
  it('shows the operator e-mail and address, and the plain address card when no maps key is set', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const fetchMock = fakeFetch({ status: 200, body: operatorConfig });
    renderPageWithQuery(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@demo.test' })).toHaveAttribute(
      'href',
      'mailto:help@demo.test',
    );
    const fallback = await screen.findByTestId('map-fallback');
    expect(within(fallback).getByText('1 Test Lane, Newberry, FL')).toBeInTheDocument();
    expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('sends the form with the chosen subject and shows the server answer', async () => {
    const fetchMock = fakeFetch(
      { status: 200, body: operatorConfig },
      { status: 201, body: { message: 'Thank you! Your message has been received.' } },
    );
    renderPageWithQuery(<ContactPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText(/Budget/), '$5,000');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Investment');
    await user.type(screen.getByLabelText('Message'), 'Which plan suits me?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you! Your message has been received.')).toHaveAttribute('role', 'status');
    expect(sentRequest(fetchMock, 1)).toEqual({
      url: '/api/submit-form',
      method: 'POST',
      body: {
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        budget: '$5,000',
        subject: 'Investment',
        message: 'Which plan suits me?',
      },
    });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('offers the three subjects of the spec and an empty choice', () => {
    fakeFetch({ status: 200, body: operatorConfig });
    renderPageWithQuery(<ContactPage />);
    const options = within(screen.getByLabelText('Subject')).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual([
      '',
      'Consultation',
      'Investment',
      'Business',
    ]);
  });

  it('shows field errors from the server beside their fields', async () => {
    fakeFetch(
      { status: 200, body: operatorConfig },
      {
        status: 400,
        body: {
          message: 'Please correct the highlighted fields',
          errors: { message: 'Message is required', email: 'Email address is not valid' },
        },
      },
    );
    renderPageWithQuery(<ContactPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please check the highlighted fields.')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email address is not valid');
  });
});
