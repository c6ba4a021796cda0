import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, sentRequest } from '../../test/fake-fetch';
import { NewsletterForm } from './newsletter-form';

// No query client around it: the footer of every public page loads no query library for this form.
const renderForm = () => render(<NewsletterForm />);

const stubFetch = (status: number, body: unknown) => fakeFetch({ status, body });

describe('NewsletterForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the address to /api/newsletter and thanks the reader', async () => {
    const fetchMock = stubFetch(201, { message: 'Subscribed' });
    renderForm();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: ' reader@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Thank you! You are subscribed.')).toBeInTheDocument();
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/newsletter',
      method: 'POST',
      body: { email: 'reader@example.com' },
    });
    expect(screen.getByLabelText('E-mail address')).toHaveValue('');
  });

  it('blocks an invalid address without calling the server', () => {
    const fetchMock = stubFetch(201, {});
    renderForm();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Email address is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the server refuses', async () => {
    stubFetch(429, { message: 'Too many requests' });
    renderForm();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('We could not subscribe you. Please try again.')).toBeInTheDocument();
  });

  it('tells an offline reader to check the connection', async () => {
    fakeFetch('network-down');
    renderForm();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('You appear to be offline. Please check your connection.')).toBeInTheDocument();
  });

  it('sends one request while the first is on its way, then takes a new address', async () => {
    let release = () => {};
    const fetchMock = fakeFetch({
      status: 201,
      body: { message: 'Subscribed' },
      until: new Promise<void>((resolve) => {
        release = resolve;
      }),
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const busy = await screen.findByRole('button', { name: 'Subscribing…' });
    fireEvent.submit(busy.closest('form')!);
    release();
    expect(await screen.findByText('Thank you! You are subscribed.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
