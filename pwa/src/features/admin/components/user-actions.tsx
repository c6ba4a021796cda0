import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { invalidateAdminData } from '../api/admin-keys';
import { verificationCodeLifetimeMinutes } from '../../../../../api/contracts/accounts';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { endInvestorSessions, resendInvestorVerification, setInvestorPassword } from '../api/user-detail';
import { DecisionDialog } from './decision-dialog';
import { FormOutcome, outcomeOf, type Outcome } from './form-outcome';
import { PasswordInput } from './password-input';
import { MIN_PASSWORD_LENGTH } from '../utils/validation';

/**
 * What the admin can do for one investor from their page: a new password (which ends every session, so
 * whoever knew the old one is out), only ending the sessions (a lost phone), and, while the e-mail is not verified,
 * mailing a new verification code. All are audited on the server.
 */
export function UserActions({ userId, user, emailVerified }: { userId: string; user: string; emailVerified: boolean }) {
  const { t } = useTranslation('admin');
  const { t: desk } = useTranslation('admin-desk');
  const format = useFormat();
  const queryClient = useQueryClient();
  const lifetime = (minutes: number) => format.number(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState(false);

  const reset = useMutation({
    networkMode: 'always',
    mutationFn: () => setInvestorPassword(userId, password),
    onSuccess: () => {
      setPassword('');
      setOutcome({ tone: 'success', text: desk('userActions.passwordSet') });
      void invalidateAdminData(queryClient);
    },
    onError: (error) => {
      const result = outcomeOf(error, t('resetPassword.error'), t);
      setPasswordError(result.fieldErrors.newPassword);
      setOutcome(result.outcome);
    },
  });
  const end = useMutation({
    networkMode: 'always',
    mutationFn: () => endInvestorSessions(userId),
    onSuccess: ({ ended }) => {
      setConfirming(false);
      setOutcome({ tone: 'success', text: desk('userActions.sessionsEnded', { count: ended }) });
      void invalidateAdminData(queryClient);
    },
    onError: (error) => {
      setConfirming(false);
      setOutcome(outcomeOf(error, desk('userActions.endError'), t).outcome);
    },
  });

  const resend = useMutation({
    networkMode: 'always',
    mutationFn: () => resendInvestorVerification(userId),
    onSuccess: ({ expiresInMinutes }) => {
      setOutcome({
        tone: 'success',
        text: desk('userActions.verificationSent', { email: user, lifetime: lifetime(expiresInMinutes) }),
      });
      void invalidateAdminData(queryClient);
    },
    onError: (error) => {
      const verified = error instanceof ApiError && error.status === 409;
      if (verified) void invalidateAdminData(queryClient);
      const fixed = verified ? desk('userActions.alreadyVerified') : desk('userActions.resendFailed');
      setOutcome(outcomeOf(error, fixed, t).outcome);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const tooShort = password.length < MIN_PASSWORD_LENGTH;
    setPasswordError(tooShort ? t('form.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) : undefined);
    if (!tooShort) reset.mutate();
  };

  return (
    <Card as="section" aria-labelledby="user-actions" className="admin-user-actions">
      <h2 id="user-actions" className="admin-section-title">
        {desk('userActions.title')}
      </h2>
      <FormOutcome outcome={outcome} />
      <form className="admin-user-actions__row" onSubmit={submit} noValidate>
        <PasswordInput
          label={desk('userActions.newPassword')}
          hint={desk('userActions.newPasswordHint')}
          autoComplete="new-password"
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" busy={reset.isPending}>
          {desk('userActions.setPassword')}
        </Button>
      </form>
      <div className="admin-user-actions__row">
        <p className="admin-total">{desk('userActions.endSessionsHint')}</p>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {desk('userActions.endSessions')}
        </Button>
      </div>
      {!emailVerified && (
        <div className="admin-user-actions__row">
          <p className="admin-total">
            {desk('userActions.verifyHint', { lifetime: lifetime(verificationCodeLifetimeMinutes) })}
          </p>
          <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
            {desk('userActions.resendVerification')}
          </Button>
        </div>
      )}
      {confirming && (
        <DecisionDialog
          title={desk('userActions.confirmEnd', { user })}
          summary={<p>{desk('userActions.endSessionsHint')}</p>}
          confirmLabel={desk('userActions.endSessions')}
          danger
          busy={end.isPending}
          onConfirm={() => end.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
