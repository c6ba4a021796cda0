import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';

const links = [
  { to: paths.dashboard, key: 'shell.nav.home', icon: '⌂' },
  { to: paths.asset, key: 'assets:nav', icon: '◎' },
  { to: paths.depositPage, key: 'shell.nav.deposit', icon: '↓' },
  { to: paths.withdrawPage, key: 'shell.nav.withdraw', icon: '↑' },
  { to: paths.transaction, key: 'shell.nav.transactions', icon: '≡' },
  { to: paths.userProfile, key: 'shell.nav.profile', icon: '☺' },
  { to: paths.tradingPlans, key: 'shell.nav.tradingPlans', icon: '◆' },
  { to: paths.referralPage, key: 'shell.nav.referrals', icon: '⇄' },
] as const;

/** The investor menu; hidden until the top bar's toggle opens it (spec: the sidebar starts closed). */
export function InvestorSidebar({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation(['investor', 'assets']);
  return (
    <nav id={id} className={`investor-sidebar${open ? ' investor-sidebar--open' : ''}`} aria-label={t('shell.navigation')} hidden={!open}>
      <ul className="investor-sidebar__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="investor-sidebar__link" onClick={onNavigate}>
              <span className="investor-sidebar__icon" aria-hidden="true">{link.icon}</span>
              {t(link.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
