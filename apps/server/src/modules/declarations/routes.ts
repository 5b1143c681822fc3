import type { AppInstance } from '../../app.ts';

export async function declarationsRoutes(_app: AppInstance) {}
