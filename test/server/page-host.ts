/**
 * A host with a page route that prepares its session (`kit.prepare`), for the tests of what a page's
 * request creates, resumes or refuses, and of what it counts.
 */
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchRequestOf, type PreparedSession } from '../../src/server/index.js';
import { countingFetch, ownerFromHeader, sandboxClient, useHost } from './harness.js';

/** What Chromium sends for a page typed in the address bar, a bookmark or a reload. */
export const TYPED = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none', 'sec-fetch-user': '?1' };
/** A link followed from one of the backend's own pages. */
export const FROM_OWN_PAGE = { ...TYPED, 'sec-fetch-site': 'same-origin' };

/** The sandbox for the file, and `hostWithPage` per test (closed after it). */
export function usePageHost() {
  const { sandbox, start, closeAfterTest } = useHost();

  /**
   * A host whose page route (`GET /verify`) prepares the session of the `x-user` header's user and
   * answers what it got; `sessionUrl` as the route passes it (default: the session handler's absolute URL).
   */
  async function hostWithPage(options: Parameters<typeof start>[0] = {}, sessionUrl?: string) {
    const counter = countingFetch();
    const host = await start({
      client: sandboxClient(sandbox.url, { fetch: counter.fetch }),
      owner: ownerFromHeader,
      ...(options as object),
    });
    const page = closeAfterTest(
      createServer((req, res) => {
        void host.kit.prepare(fetchRequestOf(req), { sessionUrl: sessionUrl ?? `${host.url}/kyc/session` }).then((prepared) => {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(prepared));
        });
      }),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/verify`;
    // node:http, whose request carries exactly these headers: fetch() adds a Sec-Fetch-Mode of its own.
    const open = (headers: Record<string, string>, user = 'alice') =>
      new Promise<PreparedSession>((resolve, reject) => {
        get(pageUrl, { headers: { 'x-user': user, ...headers } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk)).on('end', () => resolve(JSON.parse(body) as PreparedSession));
        }).on('error', reject);
      });
    return { ...host, counter, open };
  }

  return { sandbox, hostWithPage };
}
