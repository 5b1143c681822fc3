/**
 * The frame of every logged-in screen: top bar, sidebar (a drawer below the lg breakpoint) and
 * the page. Lazy-loaded from the router so none of it is in the login route's JavaScript; the
 * router loads the screen texts (the frame's included) with it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { usePostChoiceWanted } from '../features/auth/post-choice.ts';
import { SyncNotices } from '../features/sync-centre/sync-notices.tsx';
import { useSystemStatusPolling } from '../features/system-status/use-system-status.ts';
import { useSession } from '../lib/session.ts';
import { useWorkPlace } from '../lib/work-scope.ts';
import { navEntries } from './routes.ts';
import { Sidebar } from './shell/sidebar.tsx';
import { TopBar } from './shell/top-bar.tsx';

// Asked once after a sign-in answering several posts: loaded then, not with the list.
const PostPicker = lazy(() => import('./shell/post-picker.tsx').then((m) => ({ default: m.PostPicker })));

const DRAWER_ID = 'app-drawer';
const USER_NAV = navEntries('user');
const ADMIN_NAV = navEntries('admin', 'supervisor');
const SUPERVISOR_NAV = navEntries('supervisor');

function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { scope } = useWorkPlace();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const postChoiceWanted = usePostChoiceWanted();
  useSystemStatusPolling();
  // Locks the device after the set time without input (docs/decisions/016-encryption-at-rest.md).
  // Input counts from the frame's first render; the lock's check loads apart (the list route does
  // not carry it), so input before it arrives is not missed.
  useEffect(() => {
    let last = Date.now();
    const seen = () => {
      last = Date.now();
    };
    const types = ['pointerdown', 'keydown', 'wheel', 'touchstart'];
    for (const type of types) window.addEventListener(type, seen, { passive: true, capture: true });
    let stop: (() => void) | undefined;
    let live = true;
    void import('../features/auth/idle-lock.ts')
      .then((m) => {
        if (live) stop = m.startIdleLock(() => last);
      })
      .catch(() => {});
    return () => {
      live = false;
      stop?.();
      for (const type of types) window.removeEventListener(type, seen, { capture: true });
    };
  }, []);

  // A link followed inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  if (!session) return null;
  const isAdmin = session.user.role === 'admin';
  return (
    <div className="drawer lg:drawer-open min-h-screen bg-base-200">
      {/* daisyUI's drawer is driven by this checkbox; the menu button and overlay set it. */}
      <input
        type="checkbox"
        className="drawer-toggle"
        checked={drawerOpen}
        readOnly
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex flex-col min-w-0">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 btn btn-sm">
          {t('layout.skipToContent')}
        </a>
        <TopBar
          user={session.user}
          drawerId={DRAWER_ID}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
        />
        <main id="main" className="flex-1 p-3 sm:p-4 lg:p-6 min-w-0" tabIndex={-1}>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
        <SyncNotices />
        {postChoiceWanted && (
          <Suspense fallback={null}>
            <PostPicker />
          </Suspense>
        )}
      </div>
      <div className="drawer-side z-30 lg:z-auto">
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('layout.nav.close')}
          className="drawer-overlay lg:hidden"
          onClick={() => setDrawerOpen(false)}
        />
        <aside
          id={DRAWER_ID}
          className="bg-base-100 min-h-full w-72 max-w-[85vw] border-r border-base-300 lg:sticky lg:top-0"
          aria-label={t('layout.nav.sidebar')}
        >
          <Sidebar
            isAdmin={isAdmin}
            items={USER_NAV}
            adminItems={isAdmin ? ADMIN_NAV : scope?.role === 'supervisor' ? SUPERVISOR_NAV : []}
          />
        </aside>
      </div>
    </div>
  );
}

export default AppLayout;
