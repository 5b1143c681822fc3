/**
 * For the frame (user menu, admin links): the signed-in user and logout, which clears the
 * session and goes to /login.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { logout } from './auth-client.ts';

export function useAuth() {
  const session = useSession();
  const navigate = useNavigate();
  const logoutAndLeave = useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
  }, [navigate]);
  return {
    user: session?.user ?? null,
    isLoggedIn: session !== null,
    isAdmin: session?.user.role === 'admin',
    logout: logoutAndLeave,
  };
}
