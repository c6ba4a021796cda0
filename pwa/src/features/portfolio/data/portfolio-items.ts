// Example works; images are our own abstract SVGs in public/portfolio/<handle>.svg.

export const PORTFOLIO_CATEGORIES = ['all', 'consulting', 'tax', 'investment', 'business'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

export type PortfolioItem = {
  id: number;
  /** Shown as "@handle"; a name, not a translated text. */
  handle: string;
  categories: Array<Exclude<PortfolioCategory, 'all'>>;
};

export const PORTFOLIO_ITEMS: PortfolioItem[] = [
  { id: 1, handle: 'northwind-ledger', categories: ['tax', 'business'] },
  { id: 2, handle: 'harbor-audit', categories: ['tax', 'consulting'] },
  { id: 3, handle: 'copper-ridge', categories: ['investment'] },
  { id: 4, handle: 'quartz-yield', categories: ['investment', 'business'] },
  { id: 5, handle: 'maple-advisory', categories: ['consulting', 'business'] },
  { id: 6, handle: 'summit-capital', categories: ['investment'] },
  { id: 7, handle: 'tidewater-books', categories: ['tax'] },
  { id: 8, handle: 'lumen-ventures', categories: ['investment', 'business'] },
  { id: 9, handle: 'cedar-invoice', categories: ['tax', 'business'] },
  { id: 10, handle: 'orbit-strategy', categories: ['consulting'] },
  { id: 11, handle: 'granite-fund', categories: ['investment', 'business'] },
  { id: 12, handle: 'aurora-growth', categories: ['investment'] },
];

export const itemsIn = (category: PortfolioCategory) =>
  category === 'all' ? PORTFOLIO_ITEMS : PORTFOLIO_ITEMS.filter((item) => item.categories.includes(category));

export const portfolioImage = (handle: string) => `/portfolio/${handle}.svg`;
