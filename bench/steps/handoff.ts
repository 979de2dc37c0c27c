/**
 * The handoff: from the phone opening the kit's short link (the QR code's link) to the desktop
 * element saying so, through the real chain (the go handler writes and publishes the status → the
 * kit's status stream → the page), the phone's first visit and its return with the device's cookie;
 * straight to the host and through Debian's nginx.
 */
import type { Figure } from '../lib/figure.js';
import { openPage } from '../lib/browser.js';
import type { Listening } from '../lib/http.js';
import { kitRoutes } from '../lib/kit-host.js';
import { startNginx } from '../lib/nginx.js';
import { startPageServer } from '../lib/page-server.js';
import { sampled } from '../lib/stats.js';
import { browserFetch } from '../../test/support/browser-fetch.js';

const BUDGET_MS = 250;
const TRANSACTIONS = 40;
/** A browser keeps 6 HTTP/1.1 connections per origin, and each stream holds one. */
const STREAMS_AT_ONCE = 5;
/** The go URL the kit writes into its links, as phones would reach it; the bench opens the code on the front it measures. */
const PUBLIC_GO_URL = 'https://shop.example/kyc/go';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates `count` transactions through the session handler: each one's uuid and short link. */
async function createHandoffs(frontUrl: string, count: number): Promise<{ uuid: string; link: string }[]> {
  const created = [];
  for (let index = 0; index < count; index++) {
    const answer = await fetch(`${frontUrl}/kyc/session`, { method: 'POST', headers: { 'kyc-verify-session': 'new' } });
    if (answer.status !== 201) throw new Error(`session handler answered ${answer.status}: ${await answer.text()}`);
    const { uuid, link } = (await answer.json()) as { uuid: string; link: string };
    created.push({ uuid, link });
  }
  return created;
}

export async function measureHandoff(sandboxUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const nginx of [false, true]) {
    const routes = kitRoutes(sandboxUrl, undefined, { handoff: { url: PUBLIC_GO_URL } });
    const server = await startPageServer(routes.listener);
    const proxy: Listening | undefined = nginx ? await startNginx(server.url) : undefined;
    const frontUrl = (proxy ?? server).url;
    try {
      const { page, close } = await openPage(frontUrl);
      try {
        const handoffs = await createHandoffs(frontUrl, TRANSACTIONS);
        const openedAt = new Map<string, number>();
        for (let start = 0; start < handoffs.length; start += STREAMS_AT_ONCE) {
          const batch = handoffs.slice(start, start + STREAMS_AT_ONCE);
          await page.evaluate(`benchProbes.watch(${JSON.stringify(batch.map(({ uuid }) => uuid))}, 1000, true)`);
          await Promise.all(
            batch.map(async ({ uuid, link }) => {
              // Past the stream's first read, at a random phase of its periodic reads.
              await sleep(1000 + Math.random() * 1000);
              openedAt.set(uuid, Date.now());
              // A phone's first visit: the kit sets the device's cookie, the browser comes back with it and is counted.
              const onFront = (url: string) => url.replace(new URL(PUBLIC_GO_URL).origin, frontUrl);
              const first = await browserFetch(onFront(link));
              const cookie = first.headers.get('set-cookie')?.split(';')[0] ?? '';
              const opened = await browserFetch(onFront(first.headers.get('location') ?? ''), { headers: { cookie } });
              if (opened.status !== 303) throw new Error(`the short link answered ${first.status}, then ${opened.status}`);
            }),
          );
          const shown = `${JSON.stringify(batch.map(({ uuid }) => uuid))}.every((uuid) => benchProbes.handoffAt[uuid])`;
          await page.waitForFunction(shown, undefined, { timeout: 10_000 });
          await page.evaluate('benchProbes.unwatchAll()');
        }
        const handoffAt = await page.evaluate<Record<string, number>>('benchProbes.handoffAt');
        const how = nginx ? 'through nginx' : 'direct';
        const figure = sampled(
          `Handoff: phone opens the short link → desktop change, ${how}`,
          'ms',
          handoffs.map(({ uuid }) => handoffAt[uuid]! - openedAt.get(uuid)!),
        );
        if (figure.p95! > BUDGET_MS)
          console.error(`bench: handoff, ${how}: p95 ${Math.round(figure.p95!)} ms is over its ${BUDGET_MS} ms budget`);
        figures.push(figure);
      } finally {
        await close();
      }
    } finally {
      await proxy?.close();
      await server.close();
    }
  }
  return figures;
}
