/** GET /api/health: liveness, database kind and version. */
import { z } from 'zod';
import { keyed, oneOf, plainShape } from '../schemas/common.ts';

export const healthAnswerSchema = plainShape({
  status: oneOf(['ok'] as const),
  db: oneOf(['pglite', 'postgres'] as const),
  version: z.string(keyed()),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
