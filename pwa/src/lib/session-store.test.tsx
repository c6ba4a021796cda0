import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, createLocalStore, readSession, saveSession, useSession } from './session-store';

function WhoIsSignedIn() {
  const session = useSession();
  return <p>{session ? `${session.user.firstName} ${session.referralLink}` : 'nobody'}</p>;
}

describe('session store', () => {
  afterEach(() => localStorage.clear());

  it('keeps the user object and referral link, never a token', () => {
    saveSession({ user: { firstName: 'Ada', email: 'ada@example.com' }, referralLink: 'http://x/referral/ADA1' });
    expect(readSession()).toEqual({
      user: { firstName: 'Ada', email: 'ada@example.com' },
      referralLink: 'http://x/referral/ADA1',
    });
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

const store = createLocalStore<{ id: string; label: string }>({
  keys: ['test-id', 'test-label'],
  changeEvent: 'test-store-change',
  parse: ([id, label]) => (id ? { id, label: label ?? '' } : null),
  serialise: (value) => [value.id, value.label],
});

function Shown() {
  const value = store.useValue();
  return <p>{value ? `${value.id} ${value.label}` : 'none'}</p>;
}

describe('createLocalStore (the mechanism behind the investor session and the admin id)', () => {
  afterEach(() => localStorage.clear());

  it('saves and clears all its keys together', () => {
    store.save({ id: 'a1', label: 'Ada' });
    expect(localStorage.getItem('test-id')).toBe('a1');
    expect(store.read()).toEqual({ id: 'a1', label: 'Ada' });
    store.clear();
    expect(localStorage.length).toBe(0);
    expect(store.read()).toBeNull();
  });

  it('updates this tab on save and clear, and follows another tab through the storage event', () => {
    render(<Shown />);
    expect(screen.getByText('none')).toBeInTheDocument();
    act(() => store.save({ id: 'a1', label: 'Ada' }));
    expect(screen.getByText('a1 Ada')).toBeInTheDocument();
    act(() => {
      localStorage.setItem('test-label', 'Bea');
      window.dispatchEvent(new StorageEvent('storage', { key: 'test-label' }));
    });
    expect(screen.getByText('a1 Bea')).toBeInTheDocument();
    act(() => store.clear());
    expect(screen.getByText('none')).toBeInTheDocument();
  });

  it('reads nothing when parsing throws (a damaged value)', () => {
    const damaged = createLocalStore<unknown>({
      keys: ['test-json'],
      changeEvent: 'test-json-change',
      parse: ([text]) => (text ? (JSON.parse(text) as unknown) : null),
      serialise: (value) => [JSON.stringify(value)],
    });
    localStorage.setItem('test-json', '{not json');
    expect(damaged.read()).toBeNull();
  });
});
