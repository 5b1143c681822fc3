/**
 * Who may see a file and who may attach it to a declaration.
 * - An unattached file is readable only by its uploader and admins; once a live declaration
 *   refers to it, it is readable by whoever may read declarations (every signed-in user).
 * - A declaration write may refer only to files that exist and that the writer uploaded, or that
 *   the declaration already refers to (another officer editing it keeps its certificates).
 *   Anything else is refused before the write: 422 over REST, 'rejected' in a sync push.
 * File ids are made by devices, so without these rules a known or guessed id would let one
 * officer read another's certificate by attaching it.
 */
import type { FieldIssue, Mutation, PushResult } from '@bh/shared';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { files, healthDeclarations } from '../../db/schema.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import { readableBy } from '../posts/scope.ts';
import type { FileRow } from './store.ts';

const FILE_FIELDS = ['testFileId', 'vaccinationCertFileId'] as const;
const NOT_ATTACHABLE = 'files.errors.notAttachable';

const fileIdSchema = z.uuid();
/** The file references of a declaration's data; anything malformed is left to validation. */
const referencesSchema = z.object({
  testFileId: z.unknown().optional(),
  vaccinationCertFileId: z.unknown().optional(),
});

/** A declaration write: its id and the data it stores. */
export interface DeclarationWrite {
  id: string;
  data: unknown;
}

function referencesOf(data: unknown): { field: string; fileId: string }[] {
  const parsed = referencesSchema.safeParse(data);
  if (!parsed.success) return [];
  return FILE_FIELDS.flatMap((field) => {
    const id = fileIdSchema.safeParse(parsed.data[field]);
    return id.success ? [{ field, fileId: id.data.toLowerCase() }] : [];
  });
}

/** Whether the user may read the file's metadata and bytes. */
export async function canReadFile(db: Db, user: AuthUser, row: FileRow): Promise<boolean> {
  if (user.role === 'admin' || row.ownerId === user.id) return true;
  // Attached to a live declaration of a traveller of a post the user reads.
  const attached = await db.$count(
    healthDeclarations,
    and(
      isNull(healthDeclarations.deletedAt),
      or(eq(healthDeclarations.testFileId, row.id), eq(healthDeclarations.vaccinationCertFileId, row.id)),
      readableBy(healthDeclarations.postId, user.scope),
    ),
  );
  return attached > 0;
}

/** Per write (same order), the issues of the files it refers to; undefined when all are usable. */
export async function fileReferenceIssues(
  db: Db,
  user: AuthUser,
  writes: DeclarationWrite[],
): Promise<(FieldIssue[] | undefined)[]> {
  const refs = writes.flatMap((w, index) =>
    referencesOf(w.data).map((r) => ({ ...r, index, declarationId: w.id })),
  );
  const issues: (FieldIssue[] | undefined)[] = writes.map(() => undefined);
  if (refs.length === 0) return issues;
  const fileIds = [...new Set(refs.map((r) => r.fileId))];
  const declarationIds = [...new Set(refs.map((r) => r.declarationId))];
  const [fileRows, current] = await Promise.all([
    db
      .select({ id: files.id, ownerId: files.ownerId, deletedAt: files.deletedAt })
      .from(files)
      .where(inArray(files.id, fileIds)),
    db
      .select({
        id: healthDeclarations.id,
        testFileId: healthDeclarations.testFileId,
        vaccinationCertFileId: healthDeclarations.vaccinationCertFileId,
      })
      .from(healthDeclarations)
      .where(inArray(healthDeclarations.id, declarationIds)),
  ]);
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  const attachedNow = new Set(
    current.flatMap((d) => [d.testFileId, d.vaccinationCertFileId].map((f) => `${d.id}:${f}`)),
  );
  for (const ref of refs) {
    const file = byId.get(ref.fileId);
    const usable =
      file !== undefined &&
      file.deletedAt === null &&
      (file.ownerId === user.id || attachedNow.has(`${ref.declarationId}:${ref.fileId}`));
    if (usable) continue;
    issues[ref.index] = [...(issues[ref.index] ?? []), { field: ref.field, code: NOT_ATTACHABLE }];
  }
  return issues;
}

/**
 * Splits a sync batch: declaration writes that refer to a missing or foreign file are answered
 * 'rejected' with the reason and not applied; the rest go on to applyMutations.
 */
export async function refuseUnattachableFiles(
  db: Db,
  user: AuthUser,
  mutations: Mutation[],
): Promise<{ refused: PushResult[]; accepted: Mutation[] }> {
  const writes = mutations.filter((m) => m.table === 'healthDeclarations' && m.op !== 'delete');
  const issues = await fileReferenceIssues(db, user, writes);
  const refusedWrites = new Map<Mutation, FieldIssue[]>();
  writes.forEach((m, i) => {
    const errors = issues[i];
    if (errors) refusedWrites.set(m, errors);
  });
  if (refusedWrites.size === 0) return { refused: [], accepted: mutations };
  const refused: PushResult[] = [];
  const accepted: Mutation[] = [];
  for (const m of mutations) {
    const errors = refusedWrites.get(m);
    if (errors) refused.push({ seq: m.seq, status: 'rejected', errors });
    else accepted.push(m);
  }
  return { refused, accepted };
}
