import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en/privacy.json';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { PrivacySection } from './privacy-section';

const twoFactor = (enabled: boolean) => ({
  'GET /api/2fa': { status: 200, body: { enabled, recoveryCodesLeft: enabled ? 10 : 0 } },
});

async function fill(user: ReturnType<typeof userEvent.setup>, word: string, password = 'my password') {
  await user.type(await screen.findByLabelText(`Type ${en.erase.confirmWord} to confirm`), word);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: en.erase.submit }));
}

describe('PrivacySection', () => {
  it('offers the data as JSON and as a ZIP, and says what erasure removes, keeps and cannot undo', async () => {
    fakeApi(twoFactor(false));
    renderPageWithQuery(<PrivacySection />);
    expect(await screen.findByRole('link', { name: en.export.json })).toHaveAttribute('href', '/api/me/export');
    expect(screen.getByRole('link', { name: en.export.zip })).toHaveAttribute('href', '/api/me/export?format=zip');
    expect(screen.getByText(en.erase.irreversible)).toBeInTheDocument();
    expect(screen.getByText(en.erase.erased)).toBeInTheDocument();
    expect(screen.getByText(en.erase.kept)).toBeInTheDocument();
  });

  it('sends nothing until the confirmation word is typed, then the password (and the code when two-factor is on)', async () => {
    const api = fakeApi({ ...twoFactor(true), 'POST /api/me/erase': { status: 200, body: { erased: true } } });
    const user = userEvent.setup();
    renderPageWithQuery(<PrivacySection />);
    await screen.findByLabelText(/Code/i);
    await fill(user, 'DELET');
    expect(await screen.findByText(`Type ${en.erase.confirmWord} exactly as shown`)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.type(screen.getByLabelText(`Type ${en.erase.confirmWord} to confirm`), 'E');
    await user.type(screen.getByLabelText(/Code/i), '123456');
    await user.click(screen.getByRole('button', { name: en.erase.submit }));
    await expect
      .poll(() => api.writes())
      .toEqual([{ method: 'POST', url: '/api/me/erase', body: { password: 'my password', code: '123456' } }]);
  });

  it('tells a refusal by its reason in the person’s language', async () => {
    fakeApi({
      ...twoFactor(false),
      'POST /api/me/erase': {
        status: 409,
        body: { message: 'Your account still holds money.', reason: 'balance_above_zero', accounts: [] },
      },
    });
    const user = userEvent.setup();
    renderPageWithQuery(<PrivacySection />);
    await fill(user, en.erase.confirmWord);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.erase.refused.balanceAboveZero);
  });
});
