import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { ProfileTab } from '../../../lib/offline/db';
import { invalidateInvestorData, investorQueryKeys } from '../../../lib/queries/investor';
import type { InvestorProfile } from '../../../../../api/contracts/answers';
import { useOutboxOwner } from '../../../lib/outbox/hooks';
import { queueProfileEdit, saveConfirmedProfile, sendProfileEdit } from '../../../lib/outbox/profile-edit';
import { onOutboxSent } from '../../../lib/outbox/runner';
import { classifyFailure } from '../../../lib/outbox/receipt-upload';
import { readSession, saveSession } from '../../../lib/session-store';
import type { ProfileField } from '../api/profile-api';

const valuesOf = <F extends ProfileField>(profile: InvestorProfile, fields: readonly F[]) =>
  Object.fromEntries(fields.map((field) => [field, profile[field] ?? ''])) as Record<F, string>;

/** Offline, an e-mail change is refused before anything is saved: it needs the password, never kept on the device. */
export class NeedsConnectionError extends Error {}

type SaveOutcome = { queued: true; id: string } | { queued: false; user: InvestorProfile };
type Options = {
  tab: ProfileTab;
  /**
   * A confirming password or two-factor code, when the edit needs one: such an edit is sent now or not at all
   * (the password is never kept on the device, and a code would be stale by the time a replay sends it).
   */
  extraBody?: (values: Partial<Record<ProfileField, string>>) => Record<string, string | undefined>;
};

/**
 * One profile tab's form: its fields start from GET /api/user and only they are sent on save, with an
 * Idempotency-Key. Offline, or when the connection fails, the edit goes to the outbox (the device's copy of
 * the profile changes with it) and is sent once later; the key stays the same, so a send whose answer was
 * lost is not applied twice.
 */
export function useTabForm<F extends ProfileField>(
  profile: InvestorProfile,
  fields: readonly F[],
  { tab, extraBody }: Options,
) {
  const queryClient = useQueryClient();
  const owner = useOutboxOwner() ?? profile.email;
  const [values, setValues] = useState(() => valuesOf(profile, fields));
  const [emailChangedTo, setEmailChangedTo] = useState<string | null>(null);
  const key = useRef<{ signature: string; id: string } | null>(null);
  // The edit this form queued, until the outbox (this page or the service worker) has sent it.
  const [waitingId, setWaitingId] = useState<string | null>(null);
  useEffect(() => (waitingId ? onOutboxSent((id) => id === waitingId && setWaitingId(null)) : undefined), [waitingId]);

  const save = useMutation({
    // Offline the mutation still runs: it saves to the device instead of waiting in memory.
    networkMode: 'always',
    mutationFn: async (): Promise<SaveOutcome> => {
      const extra = Object.fromEntries(
        Object.entries(extraBody?.(values) ?? {}).filter(([, value]) => value !== undefined),
      ) as Record<string, string>;
      const signature = JSON.stringify(values);
      if (key.current?.signature !== signature) key.current = { signature, id: crypto.randomUUID() };
      const id = key.current.id;
      // An unchanged e-mail is left out, so a queued edit never undoes a change made elsewhere meanwhile.
      const changes: Record<string, string> = { ...values };
      if ('email' in changes && changes.email!.trim().toLowerCase() === profile.email.toLowerCase())
        delete changes.email;
      const needsPassword = Object.keys(extra).length > 0;
      const queue = async (): Promise<SaveOutcome> => {
        if (needsPassword) throw new NeedsConnectionError();
        await queueProfileEdit({ id, owner, tab, changes });
        return { queued: true, id };
      };
      if (!navigator.onLine) return queue();
      try {
        const { user } = await sendProfileEdit(fetch, { id, changes: { ...changes, ...extra } });
        return { queued: false, user };
      } catch (error) {
        if (error instanceof ApiError && classifyFailure(error).kind === 'transient') return queue();
        throw error;
      }
    },
    onSuccess: (outcome) => {
      key.current = null;
      if (outcome.queued) {
        setWaitingId(outcome.id);
        queryClient.setQueryData<InvestorProfile>(investorQueryKeys.profile, (current) =>
          current ? { ...current, ...values } : current,
        );
        return;
      }
      const { user } = outcome;
      // The server normalises (E.164 phone, upper-case SWIFT): show what it stored.
      setValues(valuesOf(user, fields));
      setEmailChangedTo(user.email !== profile.email ? user.email : null);
      queryClient.setQueryData(investorQueryKeys.profile, user);
      void saveConfirmedProfile(user);
      const session = readSession();
      if (session)
        saveSession({
          ...session,
          user: { ...session.user, firstName: user.firstName, lastName: user.lastName, email: user.email },
        });
      void invalidateInvestorData(queryClient);
    },
  });

  const error = save.error instanceof ApiError ? save.error : null;
  const fieldErrors: Partial<Record<F, string>> = { ...(error?.errors as Partial<Record<F, string>> | undefined) };
  if (error?.message === 'Email is already registered' && fields.includes('email' as F))
    fieldErrors['email' as F] = error.message;

  function setValue(field: F, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  return {
    values,
    setValue,
    save,
    queued: save.data?.queued === true && waitingId !== null,
    fieldErrors,
    serverErrors: error?.errors ?? {},
    emailChangedTo,
  };
}
