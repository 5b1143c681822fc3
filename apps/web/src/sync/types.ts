/**
 * Shapes the sync modules share: a notice for the officer, and what one sync run did. Their own
 * module, so that the engine, its push phase and the notices name them without importing each
 * other (no import cycles, type-only ones included: scripts/import-cycles.mjs).
 */

/** A translated notice (i18n key and its parameters), shown as a toast by the layout. */
export interface SyncNotice {
  key: string;
  level: 'info' | 'warning' | 'error';
  params?: Record<string, unknown>;
}

/** What one sync run did: counts per outcome, and the i18n key of the error that ended it. */
export interface RunResult {
  ran: boolean;
  pushed: number;
  conflicts: number;
  rejected: number;
  pulled: number;
  error?: string;
}
