/** Sidebar: navigation, then the system status block; on small screens also mode and theme. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SystemStatusPanel } from '../system-status/system-status-panel.tsx';
import { FormIcon, GearIcon, HeartIcon, InboxIcon, ListIcon, UsersIcon } from './icons.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

function Item({
  to,
  icon,
  children,
  end,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  end?: boolean;
}) {
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        {icon}
        {children}
      </NavLink>
    </li>
  );
}

export function Sidebar({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 p-3">
      <nav aria-label={t('layout.nav.label')}>
        <ul className="menu w-full p-0 gap-1">
          <Item to="/entry-management" icon={<ListIcon />}>
            {t('app.routes.entryManagement')}
          </Item>
          <Item to="/health-declaration" icon={<HeartIcon />}>
            {t('app.routes.healthDeclaration')}
          </Item>
          <Item to="/form-demo" icon={<FormIcon />}>
            {t('app.routes.formDemo')}
          </Item>
          <Item to="/pwa-settings" icon={<GearIcon />}>
            {t('app.routes.pwaSettings')}
          </Item>
          {isAdmin && (
            <>
              <li className="menu-title pt-3 text-base-content/80">{t('layout.nav.admin')}</li>
              <Item to="/admin/users" icon={<UsersIcon />}>
                {t('app.routes.users')}
              </Item>
              <Item to="/admin/account-requests" icon={<InboxIcon />}>
                {t('app.routes.accountRequests')}
              </Item>
            </>
          )}
        </ul>
      </nav>
      <div className="lg:hidden border-t border-base-300 pt-3" data-testid="sidebar-theme">
        <ThemeToggle withLabel />
      </div>
      <div className="border-t border-base-300 pt-3">
        <SystemStatusPanel isAdmin={isAdmin} />
      </div>
    </div>
  );
}
