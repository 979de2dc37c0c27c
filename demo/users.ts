/**
 * The demo host's user records: where each visitor receives mail and text messages. A real host
 * reads its users table; the demo's visitors have no account, so each visitor id (the demo's login
 * cookie) maps to an address and a number of its own, the same on every instance of a fleet.
 */
import { createHash } from 'node:crypto';

export interface DemoUser {
  name: string;
  email: string;
  phone: string;
}

export function userOf(visitor: string): DemoUser {
  const digits = BigInt(`0x${createHash('sha256').update(visitor).digest('hex').slice(0, 12)}`)
    .toString()
    .slice(-8);
  const id = visitor.replace(/-/g, '').slice(0, 8);
  return { name: `visitante ${id}`, email: `visitante.${id}@kyc-demo.example`, phone: `+569${digits}` };
}

/** `m•••@gmail.com`: enough for the person to recognise the address, too little to learn it. */
export const maskEmail = (email: string) => `${email[0]}•••@${email.split('@')[1]}`;

/** `+569•••••123`. */
export const maskPhone = (phone: string) => `${phone.slice(0, 4)}•••••${phone.slice(-3)}`;
