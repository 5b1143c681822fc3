/**
 * Invisible characters stripped from stored text (names, notes and other free text) before it is
 * stored, by the schemas on both apps, so REST, sync and import all store the same clean text:
 * C0 and C1 control characters and DEL, and the bidirectional embedding, override and isolate
 * controls (U+202A-U+202E, U+2066-U+2069), which can make a name display reversed or hide part of
 * it ("Trojan Source"). NUL is not stripped: it is refused (validation.invalid_characters), as
 * PostgreSQL cannot store it. Multi-line text keeps tab and line feed.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IN_NAMES = /[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IN_MULTILINE = /[\u0001-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A one-line text (a name, a passport number) without control or bidi-override characters. */
export function stripNameControls(text: string): string {
  return text.replace(IN_NAMES, '');
}

/** A multi-line text (a note) without control or bidi-override characters; tab and line feed stay. */
export function stripTextControls(text: string): string {
  return text.replace(IN_MULTILINE, '');
}
