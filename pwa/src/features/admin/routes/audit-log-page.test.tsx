import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

  it('names plan changes with the Plans page texts, and shows what changed', async () => {
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
    expect(row).toHaveTextContent('roiBasisPoints750 →changed to 600');
    await userEvent.setup().selectOptions(screen.getByLabelText('Action'), 'Retired a plan');
    await waitFor(() =>
      expect(searchOf(api.requestsTo('GET /api/admin/audit-log').at(-1)!).get('action')).toBe('plan.retire'),
    );
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
