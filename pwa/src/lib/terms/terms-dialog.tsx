import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { currentTermsQuery } from './terms-api';
import { TermsDocumentView } from './terms-document';

type TermsDialogProps = {
  /** The version to accept, as the server named it. */
  version: string;
  /** Saves the acceptance; a thrown error keeps the dialog open with a message. */
  onAccept: () => Promise<void>;
  onClose: () => void;
};

/** The current terms and risk disclosure with Accept: shown before a money action when a new version awaits. */
export function TermsDialog({ version, onAccept, onClose }: TermsDialogProps) {
  const { t, i18n } = useTranslation('terms');
  const text = useQuery(currentTermsQuery(i18n.language));
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  async function accept() {
    setSaving(true);
    setFailed(false);
    try {
      await onAccept();
    } catch {
      setFailed(true);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title={t('dialog.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('dialog.later')}
          </Button>
          <Button onClick={() => void accept()} busy={saving} disabled={!text.data}>
            {saving ? t('dialog.accepting') : t('dialog.acceptButton')}
          </Button>
        </>
      }
    >
      <p>{t('dialog.intro', { version })}</p>
      {text.data ? (
        <>
          <p className="terms-dialog__version">{t('version', { version: text.data.version })}</p>
          <TermsDocumentView document={text.data.document} />
        </>
      ) : (
        <Spinner label={t('profile.loading')} />
      )}
      {failed && (
        <p role="alert" className="terms-dialog__error">
          {t('dialog.failed')}
        </p>
      )}
    </Dialog>
  );
}
