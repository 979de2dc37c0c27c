/** Chilean RUT (the `nin` of docs/service.md §2.3.1): format and modulo-11 check digit. Shared by the sandbox and the kit, which checks it before a request leaves. */

const RUT_FORMAT = /^(\d{1,3}(?:\.?\d{3}){2})-?([\dkK])$/;

/** The RUT without dots or hyphen and with an upper-case K, or null when it is not a valid RUT. */
export function normalizeRut(value: string): string | null {
  const match = RUT_FORMAT.exec(value.trim());
  if (!match) return null;
  const body = match[1]!.replaceAll('.', '').replace(/^0+(?=\d)/, '');
  const checkDigit = match[2]!.toUpperCase();
  return checkDigitOf(body) === checkDigit ? body + checkDigit : null;
}

/** A normalized RUT as people write it: `111111111` → `11.111.111-1`. */
export function formatRut(rut: string): string {
  const body = rut.slice(0, -1).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${body}-${rut.slice(-1)}`;
}

export function isValidRut(value: string): boolean {
  return normalizeRut(value) !== null;
}

function checkDigitOf(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'K';
  return String(digit);
}
