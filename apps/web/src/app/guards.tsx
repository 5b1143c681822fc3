import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import { HOME_PATH } from './routes.ts';

/** A protected route: a visitor who is not logged in goes to /login; a wrong role goes home. */
export function RequireAuth({ children, requiredRole }: { children?: ReactNode; requiredRole?: 'admin' }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (requiredRole && session.user.role !== requiredRole) return <Navigate to={HOME_PATH} replace />;
  return <>{children ?? <Outlet />}</>;
}

/** The login and registration pages: a logged-in visitor goes to /entry-management. */
export function GuestOnly() {
  const session = useSession();
  if (session) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
