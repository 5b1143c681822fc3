import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadLaterTexts } from '../i18n/index.ts';
import { useUnlocked } from '../lib/device-lock.ts';
import { useSession } from '../lib/session.ts';
import { useWorkPlace } from '../lib/work-scope.ts';
import { HOME_PATH } from './routes.ts';

// Loaded when a page starts locked or the idle lock fires (docs/decisions/016-encryption-at-rest.md).
// Its texts are later texts (i18n/index.ts): the login route does not carry them.
const UnlockGate = lazy(() => Promise.all([import('./unlock-gate.tsx'), loadLaterTexts()]).then(([m]) => m));

/**
 * A protected route: a visitor who is not logged in goes to /login; a wrong role goes home. An
 * admin may open a supervisor's screens; a supervisor is one working as a post's supervisor.
 */
export function RequireAuth({
  children,
  requiredRole,
}: {
  children?: ReactNode;
  requiredRole?: 'admin' | 'supervisor';
}) {
  const session = useSession();
  const unlocked = useUnlocked();
  const { scope } = useWorkPlace();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  const admitted =
    !requiredRole ||
    session.user.role === 'admin' ||
    (requiredRole === 'supervisor' && scope?.role === 'supervisor');
  if (!admitted) return <Navigate to={HOME_PATH} replace />;
  // The device's data stays sealed until the officer unlocks it: no screen, no sync before.
  if (!unlocked)
    return (
      <Suspense fallback={null}>
        <UnlockGate user={session.user} />
      </Suspense>
    );
  return <>{children ?? <Outlet />}</>;
}

/** The login and registration pages: a logged-in visitor goes to /entry-management. */
export function GuestOnly() {
  const session = useSession();
  if (session) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
