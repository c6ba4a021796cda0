import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PillarIcon } from './pillar-icons';

const pillars = [
  { icon: 'mining', title: 'focus.miningTitle', text: 'focus.miningText' },
  { icon: 'transparency', title: 'focus.transparencyTitle', text: 'focus.transparencyText' },
  { icon: 'support', title: 'focus.supportTitle', text: 'focus.supportText' },
] as const;

export function SoleFocus() {
  const { t } = useTranslation('home');
  return (
    <section className="section" aria-labelledby="focus-title">
      <div className="container">
        <h2 id="focus-title">{t('focus.title')}</h2>
        <p className="home-intro">{t('focus.intro')}</p>
        <ul className="home-grid home-grid--3">
          {pillars.map((pillar) => (
            <Card as="li" key={pillar.icon}>
              <PillarIcon name={pillar.icon} />
              <h3>{t(pillar.title)}</h3>
              <p>{t(pillar.text)}</p>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}
