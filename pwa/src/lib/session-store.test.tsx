import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, readSession, saveSession, useSession } from './session-store';

function WhoIsSignedIn() {
  const session = useSession();
  return <p>{session ? `${session.user.firstName} ${session.referralLink}` : 'nobody'}</p>;
}

describe('session store', () => {
  afterEach(() => localStorage.clear());

  it('keeps the user object and referral link, never a token', () => {
    saveSession({ user: { firstName: 'Ada', email: 'ada@example.com' }, referralLink: 'http://x/referral/ADA1' });
    expect(readSession()).toEqual({ user: { firstName: 'Ada', email: 'ada@example.com' }, referralLink: 'http://x/referral/ADA1' });
    expect(Object.keys(localStorage)).toEqual(expect.arrayContaining(['user', 'referralLink']));
    expect(Object.keys(localStorage).some((key) => /token/i.test(key))).toBe(false);
  });

  it('clears both on sign-out', () => {
    saveSession({ user: { firstName: 'Ada' }, referralLink: 'link' });
    clearSession();
    expect(readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('updates components when someone signs in or out', () => {
    render(<WhoIsSignedIn />);
    expect(screen.getByText('nobody')).toBeInTheDocument();
    act(() => saveSession({ user: { firstName: 'Ada' }, referralLink: 'L1' }));
    expect(screen.getByText('Ada L1')).toBeInTheDocument();
    act(() => clearSession());
    expect(screen.getByText('nobody')).toBeInTheDocument();
  });

  it('treats a damaged stored user as signed out', () => {
    localStorage.setItem('user', '{not json');
    expect(readSession()).toBeNull();
  });
});
