import type { AppInstance } from '../../app.ts';

export async function travelersRoutes(_app: AppInstance) {}
