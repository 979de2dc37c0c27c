/** Sandbox: how fast the emulator creates and reads transactions, straight over HTTP with a bearer token. */
import type { Figure } from '../lib/figure.js';
import { generateLoad, reportFailures } from '../lib/load.js';
import { startSandboxProcess } from '../lib/sandbox-process.js';

const CONNECTIONS = 50;
const SECONDS = 10;
const READ_TRANSACTIONS = 200;

async function tokenFor(url: string): Promise<string> {
  const answer = await fetch(`${url}/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'sandbox-client', client_secret: 'sandbox-secret', grant_type: 'client_credentials' }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

const createBody = (transactionId: string) =>
  JSON.stringify({
    transaction_id: transactionId,
    company_id: 'sandbox-company',
    authorization_method: 'kyc_register',
    metadata: { nin: '11.111.111-1' },
  });

export async function measureSandbox(): Promise<Figure[]> {
  const sandbox = await startSandboxProcess();
  try {
    const headers = { authorization: `Bearer ${await tokenFor(sandbox.url)}`, 'content-type': 'application/json' };
    const created = await generateLoad({
      url: sandbox.url,
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
      paths: ['/v1/transactions/'],
      method: 'POST',
      headers,
      body: createBody('[<id>]'),
    });
    const uuids = await Promise.all(
      Array.from({ length: READ_TRANSACTIONS }, async () => {
        const answer = await fetch(`${sandbox.url}/v1/transactions/`, { method: 'POST', headers, body: createBody(crypto.randomUUID()) });
        return ((await answer.json()) as { data: { uuid: string } }).data.uuid;
      }),
    );
    const read = await generateLoad({
      url: sandbox.url,
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
      paths: uuids.map((uuid) => `/v1/transactions/${uuid}`),
      headers,
    });
    reportFailures('sandbox create', created);
    reportFailures('sandbox read', read);
    return [
      {
        figure: `Sandbox: transactions created/s (${CONNECTIONS} connections)`,
        unit: 'req/s',
        median: created.okPerSecond,
        runs: created.ok,
      },
      { figure: `Sandbox: transaction reads/s (${CONNECTIONS} connections)`, unit: 'req/s', median: read.okPerSecond, runs: read.ok },
    ];
  } finally {
    await sandbox.close();
  }
}
