import type { FastifySchema, FastifySerializerCompiler } from 'fastify';

/**
 * Route-level serializer for a hot, large answer: plain JSON.stringify. The route's response
 * schema still documents the body (OpenAPI) and types the handler; it is only not re-checked.
 */
export const plainJsonSerializer: FastifySerializerCompiler<FastifySchema> = () => (data) =>
  JSON.stringify(data);
