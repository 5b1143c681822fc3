/** Web push: the application server key and saved subscriptions. */
import { z } from 'zod';
import { keyed, plainShape, uuid } from '../schemas/common.ts';

/** Answer of GET /api/push/public-key (a 404 while no key is configured). */
export const pushPublicKeySchema = plainShape({ publicKey: z.string(keyed()).min(1, 'validation.required') });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** Answer of POST /api/push-subscriptions. */
export const pushSubscriptionSavedSchema = plainShape({ id: uuid() });
export type PushSubscriptionSaved = z.infer<typeof pushSubscriptionSavedSchema>;
