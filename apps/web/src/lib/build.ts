/**
 * Which build of the app is running: Vite defines `__BUILD_DATE__` (vite.config.ts) as the time
 * of the build; the unit tests run without it.
 */
declare const __BUILD_DATE__: string | undefined;

/** The time the running app was built (ISO 8601), or null outside a build (unit tests). */
export const BUILD_DATE: string | null = typeof __BUILD_DATE__ === 'string' ? __BUILD_DATE__ : null;
