import type { MachineState } from './machine.js';

/**
 * The backend's short link was opened on another device too (docs/host-protocol.md `handoff`),
 * while the transaction is followed and pending: the desktop says so beside the status.
 */
export const otherDeviceOf = ({ phase, status }: MachineState): boolean =>
  phase === 'following' && status?.state === 'pending' && (status.handoff?.devices ?? 0) > 1;
