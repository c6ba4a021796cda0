import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { invalidateAdminData } from '../api/admin-keys';
import type { Outcome } from '../components/form-outcome';

type Decision<Subject> = { kind: 'approve' | 'reject'; subject: Subject };
type Messages<Subject> = {
  /** A text of its own per subject where approving means different things (an on-chain withdrawal's steps). */
  approved: string | ((subject: Subject) => string);
  rejected: string;
  approveFailed: string;
  rejectFailed: string;
  offline: string;
};

/**
 * One decision on a receipt or a withdrawal: the dialog stays open (with what was typed) when the request
 * fails; a 409 (someone decided first) closes it with the server's message and refreshes the list. A 422 refuses the
 * typed text (a transaction hash that does not pay), as does a 400 naming the field: its reason shows by the field,
 * and only there.
 */
export function useDecision<Subject>(
  send: (kind: 'approve' | 'reject', subject: Subject, text: string) => Promise<unknown>,
  messages: Messages<Subject>,
  /** The decision that follows a successful one on the same subject, if any (pay what was just approved). */
  followUp?: (answer: unknown, subject: Subject) => Decision<Subject> | null,
) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Decision<Subject> | null>(null);
  const [dialogError, setDialogError] = useState<{ text?: string; input?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: ({ kind, subject, text }: Decision<Subject> & { text: string }) => send(kind, subject, text),
    onSuccess: (answer, { kind, subject }) => {
      const approved = typeof messages.approved === 'function' ? messages.approved(subject) : messages.approved;
      setDialogError({});
      setOpen(followUp?.(answer, subject) ?? null);
      setOutcome({ tone: 'success', text: kind === 'approve' ? approved : messages.rejected });
      void invalidateAdminData(queryClient);
    },
    onError: (error, { kind }) => {
      if (error instanceof ApiError && error.status === 409) {
        setOpen(null);
        setOutcome({ tone: 'error', text: error.message });
        void invalidateAdminData(queryClient);
        return;
      }
      const failed = kind === 'approve' ? messages.approveFailed : messages.rejectFailed;
      const inputError =
        error instanceof ApiError
          ? (Object.values(error.errors)[0] ?? (error.status === 422 ? error.message : undefined))
          : undefined;
      // A refusal of the typed text is said by the field alone: the general failure line would only repeat it.
      setDialogError(
        inputError
          ? { input: inputError }
          : { text: error instanceof ApiError && error.status === 0 ? messages.offline : failed },
      );
    },
  });

  return {
    open,
    outcome,
    dialogError,
    busy: mutation.isPending,
    start: (kind: 'approve' | 'reject', subject: Subject) => {
      setDialogError({});
      setOutcome(null);
      setOpen({ kind, subject });
    },
    close: () => setOpen(null),
    submit: (text: string) => open && mutation.mutate({ ...open, text }),
  };
}
