import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgeCheck,
  Gem,
  History,
  House,
  Share2,
  UserRound,
  Wallet,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppShellNavItem, AppShellSidebar } from '../../components/ui/app-shell';
import type { ShellMenu } from '../../components/ui/use-shell-menu';
import { paths } from '../../config/paths';

const links = [
  { to: paths.dashboard, key: 'shell.nav.home', icon: House },
  { to: paths.asset, key: 'assets:nav', icon: Wallet },
  { to: paths.depositPage, key: 'shell.nav.deposit', icon: ArrowDownToLine },
  { to: paths.withdrawPage, key: 'shell.nav.withdraw', icon: ArrowUpFromLine },
  { to: paths.transaction, key: 'shell.nav.transactions', icon: History },
  { to: paths.userProfile, key: 'shell.nav.profile', icon: UserRound },
  { to: paths.kyc, key: 'kyc:nav', icon: BadgeCheck },
  { to: paths.tradingPlans, key: 'shell.nav.tradingPlans', icon: Gem },
  { to: paths.referralPage, key: 'shell.nav.referrals', icon: Share2 },
] as const;

/** The investor menu; hidden until the top bar's toggle opens it (spec: the sidebar starts closed). */
export function InvestorSidebar({ menu }: { menu: ShellMenu }) {
  const { t } = useTranslation(['investor', 'assets', 'kyc']);
  return (
    <AppShellSidebar menu={menu} label={t('shell.navigation')}>
      {links.map((link) => (
        <AppShellNavItem key={link.to} menu={menu} to={link.to} icon={link.icon}>
          {t(link.key)}
        </AppShellNavItem>
      ))}
    </AppShellSidebar>
  );
}
