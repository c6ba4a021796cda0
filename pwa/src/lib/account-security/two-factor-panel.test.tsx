import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderPageWithQuery } from '../../test/render-page';
import { TwoFactorPanel } from './two-factor-panel';

const fresh = Array.from({ length: 10 }, (_, index) => `newcd-${String(index).padStart(5, '0')}`);

describe('TwoFactorPanel: new recovery codes', () => {
  it('asks for a current code, says when it is wrong, then shows the new codes with the download', async () => {
    const api = fakeApi({
      'GET /api/2fa': [
        { status: 200, body: { enabled: true, recoveryCodesLeft: 1 } },
        { status: 200, body: { enabled: true, recoveryCodesLeft: 10 } },
      ],
      'POST /api/2fa/recovery-codes': [
        { status: 400, body: { message: 'Invalid two-factor code' } },
        { status: 200, body: { recoveryCodes: fresh } },
      ],
    });
    renderPageWithQuery(<TwoFactorPanel />);
    const form = (await screen.findByRole('heading', { name: 'New recovery codes' })).closest('form')!;
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Two-factor code'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That code is not valid');
    await user.clear(within(form).getByLabelText('Two-factor code'));
    await user.type(within(form).getByLabelText('Two-factor code'), '222222');
    await user.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Here are your new recovery codes. The old ones no longer work.',
    );
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/2fa/recovery-codes', body: { code: '111111' } },
      { method: 'POST', url: '/api/2fa/recovery-codes', body: { code: '222222' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-factor authentication is on. Recovery codes left: 10.')).toBeInTheDocument();
  });
});
