/**
 * Sidebar: navigation, then the system status block; on small screens also mode and theme.
 * The entries come from the route table (app/routes.ts), handed in by the frame.
 */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { FrameIcon, type NavIconName } from '../../components/ui/icons.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import { SystemStatusPanel } from '../../features/system-status/system-status-panel.tsx';

export interface SidebarItem {
  path: string;
  labelKey: string;
  icon: NavIconName;
}

function Item({ item }: { item: SidebarItem }) {
  const { t } = useTranslation();
  return (
    <li>
      <NavLink to={item.path} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        <FrameIcon name={item.icon} />
        {t(item.labelKey)}
      </NavLink>
    </li>
  );
}

/** `items` are every user's entries in order; `adminItems` (empty for officers) follow under a heading. */
export function Sidebar({
  isAdmin,
  items,
  adminItems,
}: {
  isAdmin: boolean;
  items: readonly SidebarItem[];
  adminItems: readonly SidebarItem[];
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 p-3">
      <nav aria-label={t('layout.nav.label')}>
        <ul className="menu w-full p-0 gap-1">
          {items.map((item) => (
            <Item key={item.path} item={item} />
          ))}
          {adminItems.length > 0 && (
            <>
              <li className="menu-title pt-3 text-base-content/80">{t('layout.nav.admin')}</li>
              {adminItems.map((item) => (
                <Item key={item.path} item={item} />
              ))}
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
