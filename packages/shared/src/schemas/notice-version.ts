/**
 * A privacy notice's version (`<wording>.<settings version>`, e.g. "1.3"), on its own: the timeline
 * event schema needs only this, and the device's list route carries that schema (the consent's
 * other schemas, consent.ts, load with the screens that use them).
 */
import { z } from 'zod';
import { keyed } from './common.ts';

/** A notice version: the wording's number, a dot, the settings' version. */
export const NOTICE_VERSION_PATTERN = /^\d{1,4}\.\d{1,9}$/;
export const noticeVersionSchema = () =>
  z.string(keyed()).regex(NOTICE_VERSION_PATTERN, 'validation.invalid_format');
