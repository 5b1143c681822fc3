import type { AppInstance } from '../../app.ts';

export async function pushRoutes(_app: AppInstance) {}
