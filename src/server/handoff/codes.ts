/**
 * The short codes of the handoff (docs/handoff.md): 6 characters from an alphabet without the
 * characters people confuse when they read or type one (0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, U/V), so
 * that a code read off a screen is typed right the first time.
 */
export const CODE_ALPHABET = '34679ACDEFGHJKMNPRTWXY';
export const CODE_LENGTH = 6;

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

/** The code of a short link under `goUrl` (`<goUrl>/<code>`), or null when `link` is not one. */
export function codeOfLink(link: string, goUrl: string): string | null {
  if (!link.startsWith(`${goUrl}/`)) return null;
  return typedCode(link.slice(goUrl.length + 1));
}
