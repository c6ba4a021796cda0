import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en/privacy.json';
import { paths } from '../../../config/paths';
import { readSession, saveSession } from '../../../lib/session-store';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery, renderWithQuery } from '../../../test/render-page';
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

  it('asks nothing signed-in again once erased, while the sign-in page still loads; forgets the person once there', async () => {
    const api = fakeApi({ ...twoFactor(false), 'POST /api/me/erase': { status: 200, body: { erased: true } } });
    saveSession({ user: { email: 'ada@example.com', firstName: 'Ada' }, referralLink: '' });
    // The sign-in page's chunk arrives when the test says: until then the navigation's transition keeps this page.
    let loadSignIn!: () => void;
    const SignIn = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          loadSignIn = () => resolve({ default: () => <p>Sign-in page</p> });
        }),
    );
    const user = userEvent.setup();
    const { client } = renderWithQuery(
      <MemoryRouter initialEntries={['/user-profile']}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/user-profile" element={<PrivacySection />} />
            <Route path={paths.signIn} element={<SignIn />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    await fill(user, en.erase.confirmWord);
    await expect.poll(() => client.getMutationCache().getAll()[0]?.state.status).toBe('success');
    await act(async () => {}); // the re-render's effects, where a removed query would be asked again
    // The session ended on the server: a second GET /api/2fa would be answered 401 (the console error of issue 37).
    expect(api.requestsTo('GET /api/2fa')).toHaveLength(1);

    await act(async () => loadSignIn());
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    await expect.poll(() => readSession()).toBeNull();
    await expect.poll(() => client.getQueryCache().getAll().length).toBe(0);
    expect(api.requestsTo('GET /api/2fa')).toHaveLength(1);
  });
});
