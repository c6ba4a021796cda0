import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { invalidateInvestorData, investorQueryKeys, type InvestorProfile } from '../../../lib/investor-queries';
import { readSession, saveSession } from '../../../lib/session-store';
import { updateProfile, type ProfileField } from '../api/profile-api';

const valuesOf = <F extends ProfileField>(profile: InvestorProfile, fields: readonly F[]) =>
  Object.fromEntries(fields.map((field) => [field, profile[field] ?? ''])) as Record<F, string>;

/**
 * One profile tab's form: its fields start from GET /api/user and only they are sent on save,
 * with `extraBody()` (a confirming password) when given.
 */
export function useTabForm<F extends ProfileField>(profile: InvestorProfile, fields: readonly F[], extraBody?: (values: Partial<Record<ProfileField, string>>) => Record<string, string>) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(profile, fields));
  const [emailChangedTo, setEmailChangedTo] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => updateProfile({ ...values, ...extraBody?.(values) }),
    onSuccess: ({ user }) => {
      // The server normalises (E.164 phone, upper-case SWIFT): show what it stored.
      setValues(valuesOf(user, fields));
      setEmailChangedTo(user.email !== profile.email ? user.email : null);
      queryClient.setQueryData(investorQueryKeys.profile, user);
      const session = readSession();
      if (session) saveSession({ ...session, user: { ...session.user, firstName: user.firstName, lastName: user.lastName, email: user.email } });
      void invalidateInvestorData(queryClient);
    },
  });

  const error = save.error instanceof ApiError ? save.error : null;
  const fieldErrors: Partial<Record<F, string>> = { ...(error?.errors as Partial<Record<F, string>> | undefined) };
  if (error?.message === 'Email is already registered' && fields.includes('email' as F)) fieldErrors['email' as F] = error.message;

  function setValue(field: F, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  return { values, setValue, save, fieldErrors, serverErrors: error?.errors ?? {}, emailChangedTo };
}
