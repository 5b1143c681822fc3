/**
 * Web push subscription as saved by POST /api/push-subscriptions.
 */
import { z } from 'zod';
import { URL_MAX_LENGTH } from '../domain/constants.ts';
import { isoDateTime, keyed, plainShape, strictShape } from './common.ts';

const base64Url = (max: number) =>
  z
    .string(keyed('validation.required', 'validation.invalid_format'))
    .min(1, 'validation.required')
    .max(max, 'validation.max_length')
    .regex(/^[A-Za-z0-9_-]+=*$/, 'validation.invalid_format');

/** The browser's PushSubscription.toJSON(); the endpoint must be https. */
export const webPushSubscriptionSchema = plainShape({
  endpoint: z
    .string(keyed('validation.required', 'validation.invalid_url'))
    .max(URL_MAX_LENGTH, 'validation.invalid_url')
    .regex(/^https:\/\/[^\s/]+\S*$/, 'validation.invalid_url'),
  expirationTime: z.number(keyed()).nullable().optional(),
  keys: plainShape({ p256dh: base64Url(200), auth: base64Url(100) }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

export const pushSubscriptionPayloadSchema = strictShape({
  subscription: webPushSubscriptionSchema,
  userAgent: z.string(keyed()).max(512, 'validation.max_length'),
  timestamp: isoDateTime(),
});
export type PushSubscriptionPayload = z.infer<typeof pushSubscriptionPayloadSchema>;
