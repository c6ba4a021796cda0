import { useTranslation } from 'react-i18next';
import { Accordion } from '../../../components/ui/accordion';

const questions = ['createAccount', 'paymentSystems', 'deposit', 'withdraw'] as const;

/** The spec's four questions; opening one closes the others. */
export function FaqSection() {
  const { t } = useTranslation('home');
  return (
    <section className="section section--alt" aria-labelledby="faq-title">
      <div className="container home-narrow">
        <h2 id="faq-title">{t('faq.title')}</h2>
        <Accordion
          singleOpen
          items={questions.map((id) => ({
            id,
            title: t(`faq.${id}Question`),
            content: <p>{t(`faq.${id}Answer`)}</p>,
          }))}
        />
      </div>
    </section>
  );
}
