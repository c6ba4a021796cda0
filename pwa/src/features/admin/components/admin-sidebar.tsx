import {
  ArrowUpFromLine,
  Blocks,
  Gauge,
  HandCoins,
  IdCard,
  KeyRound,
  LayoutDashboard,
  Mail,
  Package,
  ReceiptText,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppShellNavItem, AppShellSidebar } from '../../../components/ui/app-shell';
import type { ShellMenu } from '../../../components/ui/use-shell-menu';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';

const links = [
  { to: paths.adminDashboardOverview, key: 'nav.dashboard', icon: LayoutDashboard },
  { to: paths.adminAddAdmin, key: 'nav.addAdmin', icon: UserPlus },
  { to: paths.adminUsers, key: 'nav.users', icon: Users },
  { to: paths.adminReceipts, key: 'nav.receipts', icon: ReceiptText, badge: 'receipts' },
  { to: paths.adminIdentityChecks, key: 'kyc:desk.nav', icon: IdCard },
  { to: paths.adminKycLimits, key: 'admin-desk:kycLimits.nav', icon: Gauge },
  { to: paths.adminResetPassword, key: 'nav.resetPassword', icon: KeyRound },
  { to: paths.adminWithdrawals, key: 'nav.withdrawals', icon: ArrowUpFromLine, badge: 'withdrawals' },
  { to: paths.adminPayouts, key: 'nav.payouts', icon: HandCoins },
  { to: paths.adminMessages, key: 'nav.messages', icon: Mail },
  { to: paths.adminAuditLog, key: 'nav.auditLog', icon: ScrollText },
  { to: paths.adminChains, key: 'nav.chains', icon: Blocks },
  { to: paths.adminSanctions, key: 'sanctions:nav', icon: ShieldAlert },
  { to: paths.adminPlans, key: 'admin-plans:nav', icon: Package },
  { to: paths.adminSecurity, key: 'nav.security', icon: ShieldCheck },
] as const;

export type PendingCounts = { receipts: number; withdrawals: number };

type AdminSidebarProps = { menu: ShellMenu; pending?: PendingCounts };

/** The admin menu: always shown on wide screens; on narrow ones the top bar's toggle opens it. Badges count what waits. */
export function AdminSidebar({ menu, pending }: AdminSidebarProps) {
  // admin-plans: the Plans entry's name lives with the Plans page's texts.
  // sanctions: the Sanctions screening entry's name lives with that page's texts.
  // kyc: the Identity checks entry's name lives with that page's texts.
  const { t } = useTranslation(['admin', 'admin-plans', 'kyc', 'sanctions']);
  const format = useFormat();
  return (
    <AppShellSidebar menu={menu} label={t('nav.label')}>
      {links.map((link) => {
        const count = 'badge' in link && pending ? pending[link.badge] : 0;
        return (
          <AppShellNavItem key={link.to} menu={menu} to={link.to} icon={link.icon}>
            {t(link.key)}
            {count > 0 && (
              <span className="admin-sidebar__badge">
                <span aria-hidden="true">{format.number(count)}</span>
                <span className="visually-hidden">{t('nav.pending', { count, countText: format.number(count) })}</span>
              </span>
            )}
          </AppShellNavItem>
        );
      })}
    </AppShellSidebar>
  );
}
