import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { twoFactorProblem } from '../../../lib/account-security/two-factor-problem';
import { adminLogin } from '../api/admin-auth';
import { saveAdminId } from '../api/admin-session';
import { PasswordInput } from '../components/password-input';
import { isEmail } from '../utils/validation';
import '../admin.css';
import '../admin-forms.css';

/** /login: the admin signs in; the server refuses investors with the same message as a wrong password. */
export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const { t: tSecurity } = useTranslation('security');
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const expired = (location.state as { reason?: string } | null)?.reason === 'expired';

  useEffect(() => {
    document.title = t('login.title');
  }, [t]);

  function failureMessage(error: unknown) {
    if (!(error instanceof ApiError)) return t('login.failed');
    const problem = twoFactorProblem(error);
    if (problem) {
      setCodeStep(true);
      return problem === 'invalid' || codeStep ? tSecurity('code.invalid') : tSecurity('code.required');
    }
    if (error.status === 401) return t('login.invalid');
    if (error.status === 429) {
      const when = error.retryAfterSeconds ? format.age(Date.now() + error.retryAfterSeconds * 1000) : '';
      return when ? t('login.tooManyUntil', { when }) : t('login.tooMany');
    }
    if (error.status === 0) return t('common.offline');
    if (error.status === 400) return error.message;
    return t('login.failed');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const nextErrors = {
      email: !email.trim() ? t('form.emailRequired') : isEmail(email) ? undefined : t('form.emailInvalid'),
      password: password ? undefined : t('form.passwordRequired'),
    };
    setErrors(nextErrors);
    setFailure('');
    if (nextErrors.email || nextErrors.password) return;
    setSubmitting(true);
    try {
      const { adminId, twoFactorEnrollmentRequired } = await adminLogin(
        email.trim(),
        password,
        codeStep ? code.trim() : undefined,
      );
      // Answers cached for whoever used this browser before belong to another session.
      queryClient.clear();
      saveAdminId(adminId);
      // requireAdminTwoFactor: an admin without two-factor can only enrol.
      await navigate(twoFactorEnrollmentRequired ? `${paths.adminSecurity}?enrol=1` : paths.adminDashboardOverview, {
        replace: true,
      });
    } catch (error) {
      setFailure(failureMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <div className="admin-login">
      <section className="admin-login__card" aria-labelledby="admin-login-title">
        <h1 id="admin-login-title">{t('login.title')}</h1>
        <p className="admin-login__lead">{t('login.lead')}</p>
        {expired && (
          <p className="notice" role="status">
            {t('login.sessionEnded')}
          </p>
        )}
        <form className="admin-form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('form.email')}
            type="email"
            name="email"
            autoComplete="username"
            dir="auto"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <PasswordInput
            label={t('form.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {codeStep && <TwoFactorCodeField value={code} onChange={setCode} autoFocus />}
          {failure && (
            <p className="admin-message admin-message--error" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" size="lg" block busy={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      </section>
    </div>
  );
}
