/**
 * The typed codes and the link tokens of the handoff (docs/handoff.md#links-and-codes).
 *
 * A link carries a token nobody can guess (128 random bits); a code exists only for the typed
 * path, where a person reads it off a screen: 8 characters from an alphabet without the
 * characters people confuse (0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, U/V), so that it is typed right the first
 * time, and guessing it is bounded by the kit's miss budgets.
 */
export const CODE_ALPHABET = '34679ACDEFGHJKMNPRTWXY';
export const CODE_LENGTH = 8;

/** A fresh code from the platform's cryptographic random source, every character equally likely. */
export function newCode(): string {
  // 256 is not a multiple of the alphabet's size: bytes past the last whole multiple are drawn again.
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CODE_LENGTH * 2))) {
      if (byte < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** What a person typed, as a code: in any case, with spaces or dashes between groups; null when it cannot be one. */
export function typedCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === CODE_LENGTH && [...code].every((character) => CODE_ALPHABET.includes(character)) ? code : null;
}

/** Random bytes of a link's token: 128 bits. */
const TOKEN_BYTES = 16;

/** A link's last segment as the kit writes it: 22 characters of base64url. */
export const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{22}$/;

/** A fresh link token: 128 bits of the platform's cryptographic random source, in base64url. */
export function newToken(): string {
  // btoa rather than Buffer: the kit runs on any runtime with the Fetch API.
  const binary = String.fromCharCode(...crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
