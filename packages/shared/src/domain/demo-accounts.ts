/**
 * The demo accounts of a demo server (the default for `npm start` on the embedded database). The
 * server seeds them in demo mode; the login page lists them, with these passwords, only when
 * GET /api/auth/demo answers `{ demo: true }`. No endpoint ever returns a password.
 */
import type { Role } from './reference.ts';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  role: Role;
  title: string | null;
  /**
   * What the account does at its posts when it is not an officer there (the server's demo seed
   * assigns it: modules/posts/seed.ts); the login page names it.
   */
  duty?: 'supervisor' | 'analyst';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'inspector@demo.vn',
    password: 'Inspector@123',
    name: 'Nguyễn Văn Kiểm',
    role: 'officer',
    title: 'quarantine officer',
  },
  { email: 'admin@demo.vn', password: 'Admin@123', name: 'Quản trị viên', role: 'admin', title: null },
  { email: 'test@demo.vn', password: 'Test@1234', name: 'Người dùng thử', role: 'officer', title: null },
  {
    email: 'supervisor@demo.vn',
    password: 'Supervisor@123',
    name: 'Trần Thị Giám Sát',
    role: 'officer',
    title: null,
    duty: 'supervisor',
  },
  {
    email: 'analyst@demo.vn',
    password: 'Analyst@123',
    name: 'Lê Văn Phân Tích',
    role: 'officer',
    title: null,
    duty: 'analyst',
  },
];

/**
 * Whether an answer of GET /api/auth/demo says the server runs in demo mode: `{ demo: true }`
 * (api/auth.ts `demoModeSchema`, which the server answers with). Anything else, a malformed
 * answer included, is not demo mode. Written out rather than parsed with the schema so that the
 * login screen shows the accounts without loading zod (demo-accounts.test.ts keeps the two alike).
 */
export function isDemoMode(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'demo' in answer && answer.demo === true;
}
