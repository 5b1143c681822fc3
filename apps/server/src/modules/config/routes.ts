import type { AppInstance } from '../../app.ts';

export async function configRoutes(_app: AppInstance) {}
