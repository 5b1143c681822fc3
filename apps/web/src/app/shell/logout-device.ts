/**
 * Logout from the frame (docs/decisions/016-encryption-at-rest.md). With nothing unsent on this
 * device it is wiped: the server's answer asks the browser to clear the site's storage, and the app
 * deletes its database, caches and wrapped keys itself, then loads the login page afresh. With
 * changes unsent it locks instead: the keys leave memory, the sealed data stays, and the login page
 * says whose changes wait (only that officer may sign in here until they are sent). Loaded when
 * the officer logs out (use-logout.ts): no route's JavaScript carries it.
 */
import { unsentChanges, wipeDevice } from '../../db/device-wipe.ts';
import { logout } from '../../features/auth/auth-client.ts';
import { forgetWrappedKeys } from '../../lib/device-key.ts';
import { lockDevice } from '../../lib/device-lock.ts';
import { forgetDeviceOwner, setLockedFor } from '../../lib/device-owner.ts';
import { getSession } from '../../lib/session.ts';

export async function logoutDevice(toLogin: () => void): Promise<void> {
  const user = getSession()?.user;
  const pending = await unsentChanges().catch(() => 0);
  await logout(pending > 0);
  lockDevice();
  if (pending > 0 && user) {
    setLockedFor({ userId: user.id, email: user.email, name: user.name, pending });
    toLogin();
    return;
  }
  forgetWrappedKeys();
  forgetDeviceOwner();
  await wipeDevice().catch(() => {});
  window.location.assign('/login');
}
