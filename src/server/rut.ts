/** Chilean RUT (the `nin` of spec §2.3.1): checked before a request leaves, as the service would. */

const RUT = /^(\d{1,3}(?:\.?\d{3}){2})-?([\dkK])$/;

/** Whether `value` is a RUT whose modulo-11 check digit is right (dots and hyphen optional). */
export function isValidRut(value: string): boolean {
  const match = RUT.exec(value.trim());
  if (!match) return false;
  const digits = match[1]!.replaceAll('.', '');
  const weights = [2, 3, 4, 5, 6, 7];
  const sum = [...digits].reverse().reduce((total, digit, index) => total + Number(digit) * weights[index % 6]!, 0);
  const expected = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K', '0'][11 - (sum % 11)];
  return match[2]!.toUpperCase() === expected;
}
