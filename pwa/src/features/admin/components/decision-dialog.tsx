import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea, TextField } from '../../../components/ui/text-field';

type DecisionDialogProps = {
  title: string;
  /** Names the amount and the investor: money moves when the admin agrees. */
  summary: ReactNode;
  /**
   * A required text (reason, transaction hash); none for a plain confirmation. `accepts` applies the API's own rule
   * to it, so text the server would refuse is refused here, with `requiredMessage`, before anything is sent.
   */
  input?: {
    label: string;
    requiredMessage: string;
    hint?: string;
    multiline?: boolean;
    accepts?: (value: string) => boolean;
  };
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  /** The server's refusal: for the whole action, or for the typed text. */
  error?: string;
  inputError?: string;
  onConfirm: (value: string) => void;
  onClose: () => void;
};

/** Asks before a money-moving decision; what was typed stays when the server refuses it. Mount it with a key per subject. */
export function DecisionDialog({
  title,
  summary,
  input,
  confirmLabel,
  danger,
  busy,
  error,
  inputError,
  onConfirm,
  onClose,
}: DecisionDialogProps) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [value, setValue] = useState('');
  const [refused, setRefused] = useState(false);
  const acceptable = (text: string) => text !== '' && (input?.accepts?.(text) ?? true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input && !acceptable(value.trim())) {
      setRefused(true);
      return;
    }
    onConfirm(value.trim());
  };
  const Field = input?.multiline ? TextArea : TextField;
  // One message at a time: the field's own while its text is refused, else the server's word on it.
  const fieldError = refused && !acceptable(value.trim()) ? input?.requiredMessage : inputError;

  return (
    <Dialog
      open
      title={title}
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-dialog-form" onSubmit={submit} noValidate>
        <div className="admin-dialog-form__summary">{summary}</div>
        {input && (
          <Field
            label={input.label}
            hint={input.hint}
            required
            value={value}
            error={fieldError}
            onChange={(event: { target: { value: string } }) => setValue(event.target.value)}
          />
        )}
        {error && (
          <p className="admin-message admin-message--error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
