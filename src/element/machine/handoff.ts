import type { TypedCode } from '../controllers/read-session.js';
import type { MachineState } from './machine.js';

/**
 * The backend's short link was opened on another device too (docs/host-protocol.md `handoff`),
 * while the transaction is followed and pending: the desktop says so beside the status.
 */
export const otherDeviceOf = ({ phase, status }: MachineState): boolean =>
  phase === 'following' && status?.state === 'pending' && (status.handoff?.devices ?? 0) > 1;

/**
 * The code a person may still type for the backend's short link: none once a device opened the link,
 * which retires it (docs/handoff.md#links-and-codes), so the desktop's QR code for another phone is
 * shown without a code that would only be refused.
 */
export const typeableCodeOf = ({ followed, status }: MachineState): TypedCode | null =>
  status?.handoff ? null : (followed?.told?.typedCode ?? null);
