import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountSecurityKeys, disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorStatusQuery } from './api';
import { Button } from '../../components/ui/button';
import '../../components/ui/card.css';
import { QrCode } from '../../components/ui/qr-code';
import { RecoveryCodesRenewal } from './recovery-codes-renewal';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { TwoFactorCodeField } from '../../components/ui/two-factor-code-field';
import { securityErrorMessage } from './messages';
import './security.css';

/** Offers the recovery codes as a text file, so they can be kept away from the phone. */
function downloadCodes(codes: string[], siteName: string) {
  const url = URL.createObjectURL(new Blob([`${siteName}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
  link.click();
  URL.revokeObjectURL(url);
}

/** Two-factor: set up (QR code, secret to copy, confirm with a code), recovery codes shown once, disable. */
export function TwoFactorPanel({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorStatusQuery());
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [copied, setCopied] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [renewed, setRenewed] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.twoFactor });
  const setup = useMutation({ mutationFn: setupTwoFactor });
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: ({ recoveryCodes: codes }) => {
      setRecoveryCodes(codes);
      setCode('');
      setup.reset();
      void refresh();
      onEnabled?.();
    },
  });
  const disable = useMutation({
    mutationFn: () => disableTwoFactor(password, code),
    onSuccess: () => {
      setCode('');
      setPassword('');
      void refresh();
    },
  });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim());
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate();
  };

  let body;
  if (recoveryCodes) {
    body = (
      <>
        <p className="security-success" role="status">
          {t(renewed ? 'renew.done' : 'enable.done')}
        </p>
        <p>{t('recovery.lead')}</p>
        <ul className="card-grid security-codes" dir="ltr" aria-label={t('recovery.title')}>
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <div className="security-actions">
          <Button variant="secondary" onClick={() => downloadCodes(recoveryCodes, __OPERATOR_SITE_NAME__)}>
            {t('recovery.download')}
          </Button>
          <Button
            onClick={() => {
              setRecoveryCodes(null);
              setRenewed(false);
            }}
          >
            {t('recovery.saved')}
          </Button>
        </div>
      </>
    );
  } else if (status.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (status.data?.enabled) {
    body = (
      <>
        <p>{t('status.on', { left: status.data.recoveryCodesLeft })}</p>
        <RecoveryCodesRenewal
          onRenewed={(codes) => {
            setRecoveryCodes(codes);
            setRenewed(true);
          }}
        />
        <form className="security-panel" onSubmit={turnOff} noValidate>
          <h3>{t('disable.title')}</h3>
          <TextField
            label={t('disable.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TwoFactorCodeField value={code} onChange={setCode} />
          {disable.error && (
            <p className="security-error" role="alert">
              {securityErrorMessage(disable.error, t)}
            </p>
          )}
          <Button type="submit" variant="danger" busy={disable.isPending}>
            {t('disable.submit')}
          </Button>
        </form>
      </>
    );
  } else if (setup.data) {
    const { secret, otpauthUrl } = setup.data;
    body = (
      <form className="security-panel" onSubmit={confirm} noValidate>
        <p>{t('setup.scan')}</p>
        <QrCode text={otpauthUrl} label={t('setup.qrLabel')} />
        <p>{t('setup.orType')}</p>
        <code className="security-secret" dir="ltr">
          {secret}
        </code>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
        >
          {copied ? t('setup.copied') : t('setup.copy')}
        </Button>
        <TwoFactorCodeField value={code} onChange={setCode} autoFocus />
        {enable.error && (
          <p className="security-error" role="alert">
            {securityErrorMessage(enable.error, t)}
          </p>
        )}
        <Button type="submit" busy={enable.isPending}>
          {t('enable.submit')}
        </Button>
      </form>
    );
  } else {
    body = (
      <>
        <p>{t('status.off')}</p>
        {setup.error && (
          <p className="security-error" role="alert">
            {securityErrorMessage(setup.error, t)}
          </p>
        )}
        <Button busy={setup.isPending} onClick={() => setup.mutate()}>
          {t('setup.start')}
        </Button>
      </>
    );
  }

  return (
    <section className="security-panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('title')}</h2>
      {body}
    </section>
  );
}
