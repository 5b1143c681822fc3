/**
 * The unlock screen with the frame's logout (docs/decisions/016-encryption-at-rest.md): what
 * guards.tsx shows while the device is locked, loaded then, so the login route carries neither.
 */
import UnlockScreen from '../features/auth/unlock-screen.tsx';
import type { SessionUser } from '../lib/session.ts';
import { useLogout } from './shell/use-logout.ts';

export default function UnlockGate({ user }: { user: SessionUser }) {
  const logout = useLogout();
  return <UnlockScreen user={user} onLogout={() => void logout()} />;
}
