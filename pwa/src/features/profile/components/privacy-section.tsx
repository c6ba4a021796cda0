import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { paths } from '../../../config/paths';
import { twoFactorStatusQuery } from '../../../lib/account-security/api';
import { ApiError } from '../../../lib/api-client';
import { forgetPersonalData } from '../../../lib/offline/forget-personal-data';
import { dataExportUrl, eraseMyAccount } from '../api/privacy-api';

/** The 409's reasons, each with its text (`balance_above_zero` is not a key: i18next would read `_zero` as a plural). */
const refusals: Record<string, string> = {
  money_in_flight: 'moneyInFlight',
  balance_above_zero: 'balanceAboveZero',
  already_erased: 'alreadyErased',
};

/** The refusal in the person's language: by the 409's reason, else the field errors or the server's message. */
function useRefusal(error: unknown) {
  const { t } = useTranslation('privacy');
  if (!(error instanceof ApiError)) return error ? t('erase.failed') : '';
  const reason = error.body?.reason;
  const refusal = error.status === 409 && typeof reason === 'string' ? refusals[reason] : undefined;
  if (refusal) return t(`erase.refused.${refusal}`);
  if (error.errors.password) return t('erase.wrongPassword');
  if (error.status === 401) return t('erase.wrongCode');
  return error.message;
}

/** "Download my data": the whole account as JSON, or as spreadsheets (a ZIP of CSV files). */
function DataExport() {
  const { t } = useTranslation('privacy');
  return (
    <section className="security-panel privacy-section" aria-labelledby="privacy-export-title">
      <h2 id="privacy-export-title">{t('export.title')}</h2>
      <p>{t('export.intro')}</p>
      <div className="privacy-section__actions">
        <a className="btn btn--secondary btn--md" href={dataExportUrl('json')} download>
          {t('export.json')}
        </a>
        <a className="btn btn--ghost btn--md" href={dataExportUrl('zip')} download>
          {t('export.zip')}
        </a>
      </div>
    </section>
  );
}

/** "Delete my account": what goes, what stays and why, then a typed confirmation, the password and the code. */
function AccountErasure() {
  const { t } = useTranslation('privacy');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const twoFactor = useQuery(twoFactorStatusQuery());
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [typedWrong, setTypedWrong] = useState(false);
  const word = t('erase.confirmWord');
  const erased = useRef(false);
  const erase = useMutation({
    mutationFn: eraseMyAccount,
    onSuccess: async () => {
      erased.current = true;
      await queryClient.cancelQueries();
      await navigate(`${paths.signIn}?erased=1`, { replace: true });
    },
  });
  // This device forgets the person once the signed-in pages are gone. Their queries removed while the pages still show
  // (the navigation waits for the sign-in page's chunk), a re-render asks them again: a 401 now the session has ended.
  useEffect(() => {
    const account = erased;
    return () => {
      if (account.current) void forgetPersonalData(queryClient, { outbox: 'delete' });
    };
  }, [queryClient]);
  const refusal = useRefusal(erase.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = confirmation.trim().toLocaleUpperCase() !== word.toLocaleUpperCase();
    setTypedWrong(wrong);
    if (wrong) return erase.reset();
    erase.mutate({ password, ...(twoFactor.data?.enabled ? { code } : {}) });
  }

  return (
    <section className="security-panel privacy-section privacy-section--danger" aria-labelledby="privacy-erase-title">
      <h2 id="privacy-erase-title">{t('erase.title')}</h2>
      <p className="privacy-section__warning">
        <strong>{t('erase.irreversible')}</strong>
      </p>
      <h3>{t('erase.erasedTitle')}</h3>
      <p>{t('erase.erased')}</p>
      <h3>{t('erase.keptTitle')}</h3>
      <p>{t('erase.kept')}</p>
      <p>{t('erase.settleFirst')}</p>
      <form className="profile-form" onSubmit={submit} noValidate>
        <div className="profile-form__grid">
          <TextField
            label={t('erase.confirmLabel', { word })}
            name="confirmation"
            autoComplete="off"
            spellCheck={false}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={typedWrong ? t('erase.confirmMismatch', { word }) : undefined}
            required
          />
          <TextField
            label={t('erase.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          {twoFactor.data?.enabled && <TwoFactorCodeField value={code} onChange={setCode} />}
        </div>
        <Button type="submit" variant="danger" busy={erase.isPending}>
          {erase.isPending ? t('erase.deleting') : t('erase.submit')}
        </Button>
        {refusal && (
          <p className="profile-status profile-status--error" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </section>
  );
}

/** The profile's privacy part (issue 37): the person's data, downloaded or erased. */
export function PrivacySection() {
  // Its texts (locales/<lng>/privacy.json) load when the security tab first shows it.
  return (
    <Suspense fallback={null}>
      <DataExport />
      <AccountErasure />
    </Suspense>
  );
}
