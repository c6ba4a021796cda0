import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TermsAcceptanceAnswer } from '../../../../api/contracts/terms';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useFormat } from '../format';
import { termsTextQuery, useTermsAcceptances, useTermsStatus } from './terms-api';
import { TermsDocumentView } from './terms-document';

function AcceptedText({ version }: { version: string }) {
  const { t, i18n } = useTranslation('terms');
  const text = useQuery(termsTextQuery(version, i18n.language));
  if (!text.data) return <Spinner label={t('profile.loading')} />;
  return <TermsDocumentView document={text.data.document} />;
}

/** One acceptance: its version, when and how, and the text of that version on demand. */
function AcceptanceItem({ acceptance }: { acceptance: TermsAcceptanceAnswer }) {
  const { t } = useTranslation('terms');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const context =
    acceptance.context === 'plan_purchase'
      ? t('profile.context.plan_purchase', { plan: acceptance.planId, planVersion: acceptance.planVersion })
      : t(`profile.context.${acceptance.context}`);
  return (
    <li>
      <strong>{t('version', { version: acceptance.version })}</strong>
      <div className="terms-section__meta">
        {format.dateTime(acceptance.acceptedAt)} · {context}
      </div>
      <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('profile.hideText') : t('profile.showText', { version: acceptance.version })}
      </Button>
      {open && <AcceptedText version={acceptance.version} />}
    </li>
  );
}

/** The profile's "Terms" section: the version accepted and when, every acceptance on record with its text. */
export function TermsSection() {
  const { t } = useTranslation('terms');
  const format = useFormat();
  const status = useTermsStatus();
  const acceptances = useTermsAcceptances();
  const current = status.data;
  const upToDate = current && current.acceptedVersion === current.version && current.acceptedAt;

  return (
    <section className="security-panel terms-section" aria-labelledby="terms-section-title">
      <h2 id="terms-section-title">{t('profile.title')}</h2>
      {!current || !acceptances.data ? (
        <Spinner label={t('profile.loading')} />
      ) : (
        <>
          <p>
            {upToDate
              ? t('profile.accepted', { version: current.version, date: format.dateTime(current.acceptedAt!) })
              : t('profile.none')}
          </p>
          <p className="terms-section__meta">{t('profile.current', { version: current.version })}</p>
          <h3>{t('profile.history')}</h3>
          <ul className="terms-section__list">
            {acceptances.data.acceptances.map((acceptance) => (
              <AcceptanceItem key={`${acceptance.version}-${acceptance.acceptedAt}`} acceptance={acceptance} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
