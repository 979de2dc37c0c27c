/**
 * The constants of the wire format (docs/service.md §2, §3, §8). Imports nothing, so the browser element may
 * use it as well as the kit and the sandbox.
 */

/** `authorization_method` values of docs/service.md §2.3. */
export const AUTHORIZATION_METHODS = ['kyc_register', 'kyc_register_simple', 'sms', 'email', 'fido2', 'bioidentity'] as const;
export type AuthorizationMethod = (typeof AUTHORIZATION_METHODS)[number];

/** The step codes of docs/service.md §3. */
export const STEP_CODES = [
  'Session_start',
  'Capture_credential_Ok',
  'Capture_credential_fail',
  'Session_complete_Ok',
  'Session_complete_fail',
  'time_out',
] as const;
export type StepCode = (typeof STEP_CODES)[number];

/** A transaction uuid, any version: the only path segment the kit forwards and the only webhook uuid it takes. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Defaults of docs/service.md §8 for the fields a create request may omit. */
export const DEFAULT_TRIES = 3;
export const DEFAULT_EXPIRATION_SECONDS = 600;
export const DEFAULT_CAPTURE_SECONDS = 120;

/** The metadata fields that time one capture step (docs/service.md §2.3.1); none may exceed the expiration. */
export const CAPTURE_TIMERS = ['capture_document_expiration', 'capture_facial_expiration', 'capture_challenge_expiration'] as const;
export type CaptureTimer = (typeof CAPTURE_TIMERS)[number];
