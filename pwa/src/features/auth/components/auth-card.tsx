import { type ReactNode } from 'react';
import './auth.css';
import { useDocumentTitle } from '../../../lib/hooks/document-title';

/** The centred card every auth page sits in: one h1, a lead line, the form, and footer links. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </section>
    </div>
  );
}

/** A message for the whole form; errors are announced at once, confirmations politely. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
