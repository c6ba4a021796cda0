import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import deskGerman from '../../../../../locales/de/admin-desk.json';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi, searchOf } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { AuditLogPage } from './audit-log-page';

describe('Audit Log', () => {
  it('shows who did what to which record, when, and what changed', async () => {
    fakeApi({
      'GET /api/admin/audit-log': { status: 200, body: { entries: entries, total: 2, page: 1, pageSize: 25 } },
    });
    renderPageWithQuery(<AuditLogPage />);
    const row = (await screen.findByRole('cell', { name: 'Confirmed a receipt' })).closest('tr')!;
    expect(row).toHaveTextContent('boss@example.com');
    expect(row).toHaveTextContent('Deposit 9f8e7d6c-0000-4000-8000-000000000001');
    // Words, not the stored JSON: the status by name, the cents as money, the time in the admin's zone.
    const status = within(row).getByText('Status', { selector: 'dt' }).nextElementSibling!;
    expect(status.textContent).toMatch(/^Pending\s*→\s*changed to\s*Confirmed$/);
    expect(within(row).getByText('Amount', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^\$150\.00$/);
    expect(row.querySelector('dl')).not.toHaveTextContent('amountCents');
    // The raw JSON is one click away.
    const raw = within(row).getByText('Raw JSON');
    expect(raw.closest('details')).not.toHaveAttribute('open');
    await userEvent.setup().click(raw);
    expect(raw.closest('details')).toHaveAttribute('open');
    expect(raw.closest('details')).toHaveTextContent('"amountCents": 15000');
    expect(screen.getByRole('cell', { name: 'Added an admin' }).closest('tr')).toHaveTextContent('System');
  });

  it('names plan changes, and shows what changed in words', async () => {
    const planEdit = {
      id: 3,
      actor: { id: 'a1', email: 'boss@example.com' },
      action: 'plan.update',
      subjectType: 'plan',
      subjectId: '5',
      before: { roiBasisPoints: 750, version: 1 },
      after: { roiBasisPoints: 600, version: 2 },
      createdAt: '2026-03-02T10:00:00.000Z',
    };
    const api = fakeApi({
      'GET /api/admin/audit-log': { status: 200, body: { entries: [planEdit], total: 1, page: 1, pageSize: 25 } },
    });
    renderPageWithQuery(<AuditLogPage />);
    const row = (await screen.findByRole('cell', { name: 'Edited a plan' })).closest('tr')!;
    expect(row).toHaveTextContent('Plan 5');
    expect(row).toHaveTextContent('ROI7.5% →changed to 6%Version1 →changed to 2');
    await userEvent.setup().selectOptions(screen.getByLabelText('Action'), 'Retired a plan');
    await waitFor(() =>
      expect(searchOf(api.requestsTo('GET /api/admin/audit-log').at(-1)!).get('action')).toBe('plan.retire'),
    );
  });

  it('words snapshots, payout addresses and their fields, in the operator’s language too', async () => {
    fakeApi({
      'GET /api/admin/audit-log': { status: 200, body: { entries: systemEntries, total: 2, page: 1, pageSize: 25 } },
    });
    const { unmount } = renderPageWithQuery(<AuditLogPage />);
    const snapshot = (await screen.findByRole('cell', { name: 'Took a liability snapshot' })).closest('tr')!;
    expect(snapshot).toHaveTextContent('Liability snapshot 7');
    const field = (name: string) => within(snapshot).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(field('Total owed')).toHaveTextContent(/^\$1,234\.56$/);
    expect(field('Daily snapshot of')).toHaveTextContent('2026-11-27');
    expect(field('Last ledger transaction')).toHaveTextContent('42');
    const dl = snapshot.querySelector('dl')!;
    for (const raw of ['totalCents', 'dailyKey', 'ledgerTransactionId', 'investors', 'root'])
      expect(dl).not.toHaveTextContent(raw);
    const payout = screen.getByRole('cell', { name: 'Set a payout address' }).closest('tr')!;
    expect(payout.querySelector('dl')).toHaveTextContent(/^Address– →changed to bc1q/);
    unmount();

    // The test texts are English; the operator's German is added for this check.
    i18n.addResourceBundle('de', 'admin-desk', deskGerman);
    await i18n.changeLanguage('de');
    try {
      renderPageWithQuery(<AuditLogPage />);
      expect(
        await screen.findByRole('cell', { name: deskGerman.audit.actions.liability_snapshot_create }),
      ).toBeVisible();
      expect(screen.getByRole('cell', { name: deskGerman.audit.actions.payout_address_set })).toBeVisible();
      expect(screen.getByText(deskGerman.audit.fields.totalCents, { selector: 'dt' })).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
      i18n.removeResourceBundle('de', 'admin-desk');
    }
  });

  it('filters by action and admin e-mail on the server, and exports that filter', async () => {
    const api = fakeApi({
      'GET /api/admin/audit-log': { status: 200, body: { entries: [], total: 0, page: 1, pageSize: 25 } },
    });
    renderPageWithQuery(<AuditLogPage />);
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/admin/export/audit-log');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Action'), 'withdrawal.reject');
    await user.type(screen.getByLabelText('Admin e-mail'), 'boss@');
    await waitFor(() =>
      expect(searchOf(api.requestsTo('GET /api/admin/audit-log').at(-1)!).get('actor')).toBe('boss@'),
    );
    const last = searchOf(api.requestsTo('GET /api/admin/audit-log').at(-1)!);
    expect(last.get('action')).toBe('withdrawal.reject');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      '/api/admin/export/audit-log?action=withdrawal.reject&actor=boss%40',
    );
  });
});

const entries = [
  {
    id: 2,
    actor: { id: 'a1', email: 'boss@example.com' },
    action: 'receipt.confirm',
    subjectType: 'deposit',
    subjectId: '9f8e7d6c-0000-4000-8000-000000000001',
    before: { status: 'pending' },
    after: { status: 'confirmed', amountCents: 15000 },
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  {
    id: 1,
    actor: null,
    action: 'admin.add',
    subjectType: 'user',
    subjectId: 'a1',
    before: null,
    after: { email: 'boss@example.com' },
    createdAt: '2026-02-01T10:00:00.000Z',
  },
];

const systemEntries = [
  {
    id: 5,
    actor: null,
    action: 'liability_snapshot.create',
    subjectType: 'liability_snapshot',
    subjectId: '7',
    before: null,
    after: {
      root: 'ab'.repeat(32),
      totalCents: 123456,
      investors: 3,
      ledgerTransactionId: '42',
      dailyKey: '2026-11-27',
    },
    createdAt: '2026-11-27T00:05:00.000Z',
  },
  {
    id: 4,
    actor: { id: 'u1', email: 'ines@example.com' },
    action: 'payout_address.set',
    subjectType: 'user',
    subjectId: 'u1',
    before: { kind: 'bitcoin', address: null },
    after: { kind: 'bitcoin', address: 'bc1qexampleexampleexampleexample0000' },
    createdAt: '2026-11-26T10:00:00.000Z',
  },
];
