// The integrator's webhook endpoint, as small as it gets: it answers 2xx at once and processes each
// (uuid, state) once, whatever arrives twice or out of order (docs/service.md §6). The examples
// test it with the sandbox's webhook faults.
import { createServer } from 'node:http';

export async function startWebhookReceiver() {
  /** Every delivery's (uuid, state), in the order they arrived. */
  const received = [];
  /** What the receiver acted on: one entry per (uuid, state), in the order it acted. */
  const processed = [];
  const seen = new Set();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      const { uuid, active, complete, failed } = JSON.parse(body);
      const state = active ? 'pending' : complete ? 'successful' : failed ? 'failed' : 'expired';
      received.push({ uuid, state });
      // An end is final: a late "pending" after it changes nothing.
      if (seen.has(uuid + ':' + state) || processed.some((entry) => entry.uuid === uuid && entry.state !== 'pending')) return;
      seen.add(uuid + ':' + state);
      processed.push({ uuid, state });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/kyc/webhook`,
    received,
    processed,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
