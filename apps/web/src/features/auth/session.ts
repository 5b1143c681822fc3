/**
 * The auth feature's view of the session. The store itself lives in lib/session.ts so the API
 * client and the sync engine never import a screen (docs/decisions/007-web-layering.md); the
 * silent refresh is handed to the API client at start-up (main.tsx).
 */
export {
  clearSession,
  getSession,
  type SessionUser,
  setSession,
  updateToken,
  useSession,
} from '../../lib/session.ts';
