import type { AppInstance } from '../../app.ts';

export async function filesRoutes(_app: AppInstance) {}
