import { useTranslation } from 'react-i18next';
import { portfolioImage, type PortfolioItem } from '../data/portfolio-items';

export function PortfolioGrid({ items }: { items: PortfolioItem[] }) {
  const { t } = useTranslation('portfolio');
  return (
    <ul className="portfolio-grid" role="list">
      {items.map((item) => (
        <li key={item.id} className="portfolio-card">
          <figure className="portfolio-card__figure">
            <img
              className="portfolio-card__image"
              src={portfolioImage(item.handle)}
              alt={t('imageAlt', { handle: `@${item.handle}` })}
              width={640}
              height={480}
              loading="lazy"
              decoding="async"
            />
            <figcaption className="portfolio-card__handle" dir="ltr">
              @{item.handle}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
