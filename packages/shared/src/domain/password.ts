/**
 * New-password rules after NIST SP 800-63B: length, not composition. A new password has at least
 * PASSWORD_MIN_LENGTH characters of any kind (PASSWORD_CONSENTED_MIN_LENGTH when an admin
 * creates the account and records the user's consent to a shorter one), does not contain the
 * name part of the account's e-mail, and is not a common or breached password. The last check
 * runs on the server only (the list is too large for the app bundle).
 */

/** Pieces of an e-mail's local part shorter than this are too common to refuse ('le', 'an'). */
const MIN_PIECE_LENGTH = 4;

/** Whether the password contains the e-mail's name: its whole local part, or a 4+ letter piece. */
export function passwordContainsEmailName(password: string, email: string): boolean {
  const local = (email.trim().toLowerCase().split('@')[0] ?? '').normalize('NFC');
  if (local.length < 3) return false;
  const pieces = [local, ...local.split(/[^\p{L}\p{N}]+/u).filter((p) => p.length >= MIN_PIECE_LENGTH)];
  const plain = password.toLowerCase().normalize('NFC');
  return pieces.some((piece) => plain.includes(piece));
}
