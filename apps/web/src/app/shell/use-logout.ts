/** Logout from the frame: the auth feature's logout (server + stored session), then /login. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/auth-client.ts';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
  }, [navigate]);
}
