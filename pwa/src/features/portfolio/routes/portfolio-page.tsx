import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/tabs';
import { useFormat } from '../../../lib/format';
import { PortfolioGrid } from '../components/portfolio-grid';
import { PORTFOLIO_CATEGORIES, itemsIn, type PortfolioCategory } from '../data/portfolio-items';
import './portfolio-page.css';
import { useDocumentTitle } from '../../../lib/hooks/document-title';

export function PortfolioPage() {
  const { t } = useTranslation('portfolio');
  useDocumentTitle(t('title'));
  const format = useFormat();
  const [selected, setSelected] = useState<PortfolioCategory>('all');

  const tabs = PORTFOLIO_CATEGORIES.map((category) => {
    const items = itemsIn(category);
    return {
      id: category,
      label: (
        <span className="portfolio-tab">
          {t(`tabs.${category}`)}
          <span className="portfolio-tab__count" aria-hidden="true">
            {format.number(items.length)}
          </span>{' '}
          <span className="visually-hidden">{t('countLabel', { count: items.length })}</span>
        </span>
      ),
      content: <PortfolioGrid items={items} />,
    };
  });

  return (
    <div className="portfolio-page">
      <section className="portfolio-banner">
        <div className="container">
          <h1 className="portfolio-banner__title">{t('title')}</h1>
          <p className="portfolio-banner__lead">{t('lead')}</p>
        </div>
      </section>
      <section className="container portfolio-page__works">
        <Tabs
          label={t('tabsLabel')}
          items={tabs}
          selectedId={selected}
          onSelect={(id) => setSelected(id as PortfolioCategory)}
        />
        <p className="portfolio-page__note">{t('note')}</p>
      </section>
    </div>
  );
}
