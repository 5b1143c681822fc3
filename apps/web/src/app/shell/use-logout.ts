/** Logout from the frame: locks or wipes the device (logout-device.ts, loaded then), then /login. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { logoutDevice } = await import('./logout-device.ts');
    await logoutDevice(() => navigate('/login', { replace: true }));
  }, [navigate]);
}
