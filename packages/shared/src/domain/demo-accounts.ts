/**
 * The demo accounts of a demo server (the default for `npm start` on the embedded database). The
 * server seeds them in demo mode; the login page lists them, with these passwords, only when
 * GET /api/auth/demo answers `{ demo: true }`. No endpoint ever returns a password.
 */
import type { z } from 'zod';
import { flag, plainShape } from '../schemas/common.ts';
import type { Role } from './reference.ts';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  role: Role;
  title: string | null;
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
];

/** GET /api/auth/demo: whether this server runs in demo mode (its demo accounts exist). */
export const demoModeSchema = plainShape({ demo: flag() });
export type DemoMode = z.infer<typeof demoModeSchema>;
