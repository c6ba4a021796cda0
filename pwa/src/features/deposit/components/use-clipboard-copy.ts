import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';

/** Copies a text and says so in a toast; a refused clipboard (no permission, old browser) is said too. */
export function useClipboardCopy() {
  const { t } = useTranslation('funds');
  const toast = useToast();
  return async (text: string, copiedMessage: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show(copiedMessage, 'success');
    } catch {
      toast.show(t('cryptoDeposit.copyFailed'), 'error');
    }
  };
}
