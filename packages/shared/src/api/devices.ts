/**
 * /api/devices: the devices an account signed in from (issue 33, docs/decisions/015-revoked-devices.md).
 * Every sign-in names its device: a random id the device keeps and a readable label; a device
 * revoked here can no longer use its sessions and is told so (error code device_revoked).
 */
import { z } from 'zod';
import { hasUnstorableText, isoDateTime, keyed, plainShape, uuid } from '../schemas/common.ts';

export const DEVICE_LABEL_MAX = 100;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A device's label: one line of at most DEVICE_LABEL_MAX characters, no control characters. */
export const deviceLabelSchema = z
  .string(keyed())
  .max(DEVICE_LABEL_MAX, { error: 'validation.max_length', abort: true })
  .refine((value) => !CONTROLS.test(value) && !hasUnstorableText(value), {
    error: 'validation.invalid_characters',
    abort: true,
  })
  .refine((value) => value.trim().length > 0, 'validation.required');

/** What a sign-in tells about its device (both or neither; loginRequestSchema). */
export const deviceSignInShape = {
  /** The device's own id: a random UUID it keeps (localStorage on the web). */
  deviceId: uuid().optional(),
  /** A readable name: browser and platform, e.g. "Chrome on Android". */
  deviceLabel: deviceLabelSchema.optional(),
};

/** One device of GET /api/devices. */
export const deviceSchema = plainShape({
  id: uuid(),
  label: z.string(keyed()),
  createdAt: isoDateTime(),
  lastSeenAt: isoDateTime(),
  revokedAt: isoDateTime().nullable(),
  /** The account the device signed in to (an admin or supervisor sees others'). */
  userId: uuid(),
  userName: z.string(keyed()),
  /** True for the device that asks. */
  current: z.boolean(keyed()),
});
export type Device = z.infer<typeof deviceSchema>;

/** Answer of GET /api/devices: newest sign-in first. */
export const deviceListSchema = plainShape({ items: z.array(deviceSchema, keyed()) });
export type DeviceList = z.infer<typeof deviceListSchema>;

/**
 * Answer of POST /api/devices/current/key: the calling device's data key (32 random bytes,
 * base64url), made at its first online sign-in and released again at later ones while the device
 * is not revoked (docs/decisions/016-encryption-at-rest.md).
 */
export const deviceKeySchema = plainShape({
  deviceId: uuid(),
  key: z.string(keyed()).regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid_format'),
});
export type DeviceKey = z.infer<typeof deviceKeySchema>;
