import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './toast.css';

export type ToastTone = 'info' | 'success' | 'error';
type Toast = { id: number; message: ReactNode; tone: ToastTone };
type ToastApi = { show: (message: ReactNode, tone?: ToastTone) => void };

const ToastContext = createContext<ToastApi | null>(null);
const TOAST_LIFETIME_MS = 6000;
let nextToastId = 1;

/** Toasts are announced through a live region; errors assertively, the rest politely. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: ReactNode, tone: ToastTone = 'info') => {
      const id = nextToastId++;
      setToasts((all) => [...all, { id, message, tone }]);
      setTimeout(() => dismiss(id), TOAST_LIFETIME_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.tone}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <span>{toast.message}</span>
            <button type="button" className="toast__close" aria-label={t('dismiss')} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
