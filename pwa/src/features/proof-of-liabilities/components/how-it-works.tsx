import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/queries/liability-snapshots';
import verifierSource from '../../../../../scripts/verify-liability-proof.mjs?raw';

const steps = ['step1', 'step2', 'step3', 'step4'] as const;

/** The algorithm in plain words, and the standalone verifier (the repository's own file, offered as a download). */
export function HowItWorks() {
  const { t } = useTranslation('liabilities');
  const download = () => downloadFile('verify-liability-proof.mjs', verifierSource, 'text/javascript');
  return (
    <section className="liabilities__section" aria-labelledby="liabilities-how-title">
      <h2 id="liabilities-how-title">{t('how.title')}</h2>
      <ol className="liabilities__steps">
        {steps.map((step) => (
          <li key={step}>{t(`how.${step}`)}</li>
        ))}
      </ol>
      <p>{t('how.privacy')}</p>
      <p>{t('how.limits')}</p>
      <p>{t('how.verifier')}</p>
      <pre className="liabilities__command" dir="ltr">
        <code>node verify-liability-proof.mjs proof.json --root &lt;root&gt;</code>
      </pre>
      <Button variant="secondary" onClick={download}>
        {t('how.downloadVerifier')}
      </Button>
    </section>
  );
}
