/**
 * The login screen's checks with the shared schemas (the contract the API validates with): a
 * chunk of its own, loaded when the form is first focused or checked, so zod is not part of the
 * JavaScript the login screen needs to appear and be used (scripts/bundle-size.mjs).
 */
import { loginFormSchema } from '@bh/shared';
import { schemaResolver } from '../../components/form/shared-resolver.ts';

export const loginResolver = schemaResolver(loginFormSchema);
