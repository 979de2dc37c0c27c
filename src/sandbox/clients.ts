/** OAuth clients the sandbox accepts at `POST /oauth/token/` (docs/service.md §5). */

export const READ_SCOPE = 'engine.transaction.r';
export const WRITE_SCOPE = 'engine.transaction.w';

export interface SandboxClient {
  client_id: string;
  client_secret: string;
  company_id: string;
  scopes: string[];
}

/** The built-in clients, listed in docs/sandbox.md; `startSandbox({ clients })` replaces them. */
export const DEFAULT_CLIENTS: readonly SandboxClient[] = [
  { client_id: 'sandbox-client', client_secret: 'sandbox-secret', company_id: 'sandbox-company', scopes: [READ_SCOPE, WRITE_SCOPE] },
  { client_id: 'sandbox-reader', client_secret: 'sandbox-secret', company_id: 'sandbox-company', scopes: [READ_SCOPE] },
  { client_id: 'sandbox-writer', client_secret: 'sandbox-secret', company_id: 'sandbox-company', scopes: [WRITE_SCOPE] },
  { client_id: 'other-client', client_secret: 'other-secret', company_id: 'other-company', scopes: [READ_SCOPE, WRITE_SCOPE] },
];
