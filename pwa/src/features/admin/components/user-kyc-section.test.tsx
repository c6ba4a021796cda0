import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import persianKyc from '../../../../../locales/fa/kyc.json';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { UserKycSection } from './user-kyc-section';

describe("the user page's identity level", () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('writes the level in the language’s digits', async () => {
    i18n.addResourceBundle('fa', 'kyc', persianKyc, true, true);
    await i18n.changeLanguage('fa');
    fakeApi({ 'GET /api/admin/users/u1/kyc': { status: 200, body: { level: 1, submission: null } } });
    renderPageWithQuery(<UserKycSection userId="u1" />);
    expect(await screen.findByRole('heading', { name: 'سطح هویت ۱' })).toBeInTheDocument();
  });
});
