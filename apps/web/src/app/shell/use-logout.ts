/**
 * Logout from the frame (docs/decisions/016-encryption-at-rest.md). With nothing unsent on this
 * device it is wiped: the server's answer asks the browser to clear the site's storage, and the app
 * deletes its database, caches and wrapped keys itself, then loads the login page afresh. With
 * changes unsent it locks instead: the keys leave memory, the sealed data stays, and the login page
 * says whose changes wait (only that officer may sign in here until they are sent).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/auth-client.ts';
import { forgetWrappedKeys } from '../../lib/device-key.ts';
import { forgetDeviceOwner, lockDevice, setLockedFor } from '../../lib/device-lock.ts';
import { getSession } from '../../lib/session.ts';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { unsentChanges, wipeDevice } = await import('../../db/device-wipe.ts');
    const user = getSession()?.user;
    const pending = await unsentChanges().catch(() => 0);
    await logout(pending > 0);
    lockDevice();
    if (pending > 0 && user) {
      setLockedFor({ userId: user.id, email: user.email, name: user.name, pending });
      navigate('/login', { replace: true });
      return;
    }
    forgetWrappedKeys();
    forgetDeviceOwner();
    await wipeDevice().catch(() => {});
    window.location.assign('/login');
  }, [navigate]);
}
