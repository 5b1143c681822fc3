/** HTTP bodies of /api/health-declarations (the record itself is `declarationSchema`). */
import type { z } from 'zod';
import { versionSchema } from '../schemas/common.ts';
import { declarationInputSchema } from '../schemas/declaration.ts';

/** Body of PUT /api/health-declarations/{id}: the writable fields plus the version they were made on. */
export const declarationUpdateSchema = declarationInputSchema.extend({ version: versionSchema });
export type DeclarationUpdate = z.infer<typeof declarationUpdateSchema>;
