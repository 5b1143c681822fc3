/**
 * Top bar: menu button (small screens), app title and the current post (a switcher for an officer
 * with several posts), sync badge, mode, language, theme, bell, user.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FrameIcon } from '../../components/ui/icons.tsx';
import { LanguageSwitcher } from '../../components/ui/language-switcher.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { ModeBadge } from '../../features/system-status/mode-badge.tsx';
import { useSystemStatus } from '../../features/system-status/use-system-status.ts';
import type { SessionUser } from '../../lib/session.ts';
import { useWorkPlace } from '../../lib/work-scope.ts';
import { CurrentPost } from './current-post.tsx';
import { SyncBadge } from './sync-badge.tsx';
import { UserMenu } from './user-menu.tsx';

export function TopBar({
  user,
  drawerId,
  drawerOpen,
  onOpenDrawer,
}: {
  user: SessionUser;
  drawerId: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}) {
  const { t } = useTranslation();
  const { mode } = useSystemStatus();
  // On phones the post takes the title's place: it is what changes from one officer to the next.
  const named = useWorkPlace().scope !== null;
  return (
    <header className="navbar sticky top-0 z-20 gap-1 bg-base-100 border-b border-base-300 px-2 sm:px-4 min-h-14">
      <button
        type="button"
        className="btn btn-ghost btn-square lg:hidden"
        aria-label={t('layout.nav.open')}
        aria-controls={drawerId}
        aria-expanded={drawerOpen}
        onClick={onOpenDrawer}
        data-testid="open-drawer"
      >
        <FrameIcon name="menu" />
      </button>
      <div className="flex-1 min-w-0 flex items-center gap-1 sm:gap-2">
        <Link
          to="/entry-management"
          className={`font-bold text-base sm:text-lg truncate min-h-11 min-w-0 items-center ${named ? 'hidden sm:inline-flex' : 'inline-flex'}`}
          data-testid="app-title"
        >
          <span className="truncate">{t('app.title')}</span>
        </Link>
        <CurrentPost />
      </div>
      <div className="flex-none flex items-center gap-0.5 sm:gap-1">
        <SyncBadge />
        <div className="hidden lg:flex" data-testid="topbar-mode">
          <ModeBadge mode={mode} />
        </div>
        <LanguageSwitcher />
        <div className="hidden lg:flex">
          <ThemeToggle />
        </div>
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
