import { useTranslation } from 'react-i18next';

// Fictional firms drawn by us: no real company's logo (DESIGN.md, honest by default).
const placeholderLogos = [
  { name: 'Quarrystone Labs', shape: 'M4 20 12 4l8 16z', color: '#0f5557' },
  { name: 'Bluefin Ledger', shape: 'M3 12c4-6 14-6 18 0-4 6-14 6-18 0z', color: '#1d4f91' },
  { name: 'Granite Pay', shape: 'M4 4h16v16H4z', color: '#5b4636' },
  {
    name: 'Orbit Hashworks',
    shape: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
    color: '#6a2c70',
  },
  { name: 'Northbeam Capital', shape: 'M12 2l3 7h7l-6 4 2 8-6-5-6 5 2-8-6-4h7z', color: '#8a4b00' },
] as const;

export function TrustedBy() {
  const { t } = useTranslation('home');
  return (
    <section className="trusted" aria-labelledby="trusted-title">
      <h3 id="trusted-title" className="trusted__title">
        {t('trusted.title')}
      </h3>
      <ul className="trusted__logos">
        {placeholderLogos.map((logo) => (
          <li key={logo.name} className="trusted__logo">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d={logo.shape} fill={logo.color} fillRule="evenodd" />
            </svg>
            <span style={{ color: logo.color }}>{logo.name}</span>
          </li>
        ))}
      </ul>
      <p className="trusted__note">{t('trusted.note')}</p>
    </section>
  );
}
