/** User menu: avatar (default image when missing or broken), name (generic label when empty), role, online badge, logout. */
import { Smartphone, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import type { SessionUser } from '../../lib/session.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { LogoutButton } from './logout-button.tsx';

/** A neutral silhouette, inline so it also shows offline. */
const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#94a3b8"/><circle cx="32" cy="25" r="12" fill="#f1f5f9"/><path d="M10 58c3-12 12-18 22-18s19 6 22 18" fill="#f1f5f9"/></svg>',
  );

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { isOnline } = useSyncState();
  const [broken, setBroken] = useState(false);
  const name = user.name.trim() || t('layout.user.fallbackName');
  const avatar = user.avatar && !broken ? user.avatar : DEFAULT_AVATAR;

  return (
    <Dropdown
      testId="user-menu"
      buttonClassName="btn btn-ghost gap-2 px-1 sm:px-2"
      panelClassName="w-64 p-3 space-y-2"
      button={
        <>
          <div className={`avatar ${isOnline ? 'avatar-online' : 'avatar-offline'}`}>
            <div className="w-8 rounded-full">
              <img src={avatar} alt="" onError={() => setBroken(true)} />
            </div>
          </div>
          <span className="sr-only md:not-sr-only md:max-w-40 md:truncate" data-testid="user-name">
            {name}
          </span>
        </>
      }
    >
      {() => (
        <>
          <div>
            <p className="font-semibold truncate">{name}</p>
            <p className="text-sm opacity-80 truncate">{user.email}</p>
          </div>
          <div className="flex flex-wrap gap-1">
            <Badge variant="primary" size="sm">
              {t(`layout.roles.${user.role}`)}
            </Badge>
            <Badge variant={isOnline ? 'success' : 'warning'} size="sm" data-testid="user-online-badge">
              {isOnline ? t('layout.sync.online') : t('layout.sync.offline')}
            </Badge>
          </div>
          <Link
            to="/profile"
            className="btn btn-sm btn-ghost min-h-11 w-full justify-start"
            data-testid="profile-link"
          >
            <UserRound aria-hidden="true" className="size-4" />
            {t('profile.title')}
          </Link>
          <Link
            to="/devices"
            className="btn btn-sm btn-ghost min-h-11 w-full justify-start"
            data-testid="devices-link"
          >
            <Smartphone aria-hidden="true" className="size-4" />
            {t('app.routes.devices')}
          </Link>
          <LogoutButton />
        </>
      )}
    </Dropdown>
  );
}
