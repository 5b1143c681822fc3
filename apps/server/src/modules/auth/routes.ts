import type { AppInstance } from '../../app.ts';

export async function authRoutes(_app: AppInstance) {}
