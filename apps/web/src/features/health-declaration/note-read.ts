/**
 * Notes a read of a traveller's declaration or file (audited, db/read-outbox.ts), loading the
 * outbox's code when the first read happens rather than with the traveller list.
 */
import type { ReadView } from '@bh/shared';

export function noteRead(read: { travelerId: string; viewed: ReadView; fileId?: string }) {
  void import('../../db/read-outbox.ts').then((m) => m.recordRead(read)).catch(() => {});
}
