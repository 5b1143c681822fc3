import type { AppInstance } from '../../app.ts';

export async function systemStatusRoutes(_app: AppInstance) {}
