import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountSecurityKeys, regenerateRecoveryCodes } from './api';
import { Button } from '../../components/ui/button';
import { TwoFactorCodeField } from '../../components/ui/two-factor-code-field';
import { securityErrorMessage } from './messages';

/** New recovery codes for a lost or used-up set, confirmed with a current code; the panel shows them. */
export function RecoveryCodesRenewal({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const renew = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: ({ recoveryCodes }) => {
      setCode('');
      void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.twoFactor });
      onRenewed(recoveryCodes);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    renew.mutate(code.trim());
  };
  return (
    <form className="security-panel" onSubmit={submit} noValidate aria-labelledby="recovery-renew-title">
      <h3 id="recovery-renew-title">{t('renew.title')}</h3>
      <p>{t('renew.lead')}</p>
      <TwoFactorCodeField value={code} onChange={setCode} />
      {renew.error && (
        <p className="security-error" role="alert">
          {securityErrorMessage(renew.error, t)}
        </p>
      )}
      <Button type="submit" variant="secondary" busy={renew.isPending}>
        {t('renew.submit')}
      </Button>
    </form>
  );
}
