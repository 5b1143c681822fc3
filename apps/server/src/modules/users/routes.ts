import type { AppInstance } from '../../app.ts';

export async function usersRoutes(_app: AppInstance) {}
