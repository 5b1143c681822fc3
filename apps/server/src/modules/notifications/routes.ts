import type { AppInstance } from '../../app.ts';

export async function notificationsRoutes(_app: AppInstance) {}
