/** Web push: the application server key, saved subscriptions and the message a push carries. */
import { z } from 'zod';
import { URL_MAX_LENGTH } from '../domain/constants.ts';
import { isoDateTime, keyed, oneOf, plainShape, strictShape, uuid } from '../schemas/common.ts';

/** Answer of GET /api/push/public-key: the VAPID public key, base64url of the 65-byte P-256 point. */
export const pushPublicKeySchema = plainShape({ publicKey: z.string(keyed()).min(1, 'validation.required') });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** Answer of POST /api/push-subscriptions. */
export const pushSubscriptionSavedSchema = plainShape({ id: uuid() });
export type PushSubscriptionSaved = z.infer<typeof pushSubscriptionSavedSchema>;

/** Body of DELETE /api/push-subscriptions: the endpoint the browser gives up. */
export const pushSubscriptionDeleteSchema = strictShape({
  endpoint: z.string(keyed()).min(1, 'validation.required').max(URL_MAX_LENGTH, 'validation.invalid_url'),
});
export type PushSubscriptionDelete = z.infer<typeof pushSubscriptionDeleteSchema>;

/** Answer of DELETE /api/push-subscriptions. */
export const pushSubscriptionDeletedSchema = plainShape({ deleted: z.number(keyed()).int().min(0) });
export type PushSubscriptionDeleted = z.infer<typeof pushSubscriptionDeletedSchema>;

/** One of the user's own subscriptions (GET /api/push-subscriptions); keys are never sent back. */
export const pushSubscriptionViewSchema = plainShape({
  id: uuid(),
  endpoint: z.string(keyed()),
  userAgent: z.string(keyed()).nullable(),
  createdAt: isoDateTime(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionViewSchema>;

export const pushSubscriptionListSchema = plainShape({ items: z.array(pushSubscriptionViewSchema) });
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

/** What a push is about; the service worker picks texts and the screen to open by it. */
export const PUSH_MESSAGE_TYPES = [
  'mode-changed',
  'account-request',
  'sync-refused',
  'notification',
] as const;
export type PushMessageType = (typeof PUSH_MESSAGE_TYPES)[number];

/**
 * The encrypted body of a push: the service worker turns it into a notification in the user's
 * language (titleKey names texts in the app's push.json, params fill them) and opens `url`.
 * Kept small: push services accept about 4 kB.
 */
export const pushMessageSchema = plainShape({
  type: oneOf(PUSH_MESSAGE_TYPES),
  titleKey: z.string(keyed()).min(1, 'validation.required').max(100, 'validation.max_length'),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  url: z
    .string(keyed())
    .max(200, 'validation.max_length')
    .regex(/^\/(?!\/)\S*$/, 'validation.invalid_url'),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
