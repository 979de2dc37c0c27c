/**
 * The first link on a slow phone: a cold load of the script-tag page (host.ts) on the slow phone
 * (slow-phone.ts) until the element's link is on screen, and the bytes downloaded by then. The
 * phone (390×844, touch, mode auto: the button) and the desktop (1280×800, mode qr: the QR code),
 * each with the build as shipped (the QR encoder a lazy chunk, fetched as soon as an element that draws QR codes renders)
 * and with the bench's variants of it (qr-encoder-variants.ts); the same pages prepared by the
 * server; and the documentation site's playground on the phone (site-host.ts: its time to
 * interactive, until its element shows the link its Service Worker's kit and sandbox made). Runs
 * interleaved so that the machine's load falls on every case alike.
 */
import { chromium, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { buildBrowser, buildServerRender } from '../lib/build.js';
import type { Figure } from '../lib/figure.js';
import type { Listening } from '../lib/http.js';
import { sampled } from '../lib/stats.js';
import { buildSite } from '../../test/site/support/site.js';
import { startFirstLinkHost } from './host.js';
import { firstPaintOnce, loadOnce, type FirstLink } from './load-once.js';
import { buildWithEncoderFetchedWhenDrawn, buildWithEncoderInBundle } from './qr-encoder-variants.js';
import { startSiteHost } from './site-host.js';

const RUNS = 20;

/** Each device's page, what it shows, and its browser context (a fresh one, empty cache, for every load). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** Each device's page (the element asking for its session, and the element prepared by the server), what it shows, its browser context. */
const DEVICES = [
  { name: 'phone', link: 'button', path: '/', context: PHONE },
  { name: 'desktop', link: 'QR', path: '/?mode=qr', context: DESKTOP },
  { name: 'phone, prepared by the server', link: 'button', path: '/prepared', context: PHONE, shipped: true },
  { name: 'desktop, prepared by the server', link: 'QR', path: '/prepared?mode=qr', context: DESKTOP, shipped: true },
] satisfies { name: string; link: string; path: string; context: BrowserContextOptions; shipped?: boolean }[];
/** The page with nothing of ours: one request and its HTML painted, the floor under the prepared page. */
const FLOOR = 'First link (slow 4G, CPU 4×): the floor (the page without the element or its script), navigation → first contentful paint';
/** The playground's page (npm run docs), whose element asks the kit in its Service Worker for its session. */
const PLAYGROUND = "phone, the docs site's playground (kit and sandbox in its Service Worker)";

/** The build as shipped (no suffix), and the bench's variants (qr-encoder-variants.ts). */
const BUILDS = {
  '': () => buildBrowser('standalone'),
  ', QR encoder in the bundle': buildWithEncoderInBundle,
  ', QR chunk fetched when the first code is drawn': buildWithEncoderFetchedWhenDrawn,
};

/** A host per build, each serving its files from memory (the temp folders go at once). */
async function startHosts(): Promise<[string, Listening][]> {
  const hosts: [string, Listening][] = [];
  const { renderKycVerify } = await buildServerRender();
  for (const [name, make] of Object.entries(BUILDS)) {
    const build = await make();
    hosts.push([name, await startFirstLinkHost(build, renderKycVerify)]);
    await build.remove();
  }
  return hosts;
}

export async function measureFirstLink(): Promise<Figure[]> {
  const hosts = await startHosts();
  // As a fresh clone builds it (SITE_DIR names one built already).
  const site = await buildSite();
  const siteHost = await startSiteHost(site.dir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    // By case ("phone, QR encoder in the bundle"): what it shows, and its loads.
    const cases = new Map<string, { link: string; loads: FirstLink[] }>();
    const add = (name: string, link: string, load: FirstLink) =>
      cases.set(name, { link, loads: [...(cases.get(name)?.loads ?? []), load] });
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const { name: device, link, path, context, ...page } of DEVICES) {
        // The prepared page with the build as shipped only: the encoder's variants draw nothing it draws.
        for (const [build, host] of 'shipped' in page ? hosts.slice(0, 1) : hosts) {
          const load = await loadOnce(browser, host.url + path, context);
          const name = `${device}${build}`;
          if (run === 0) console.error(`first-link, ${name}: downloaded ${load.files.join(' ')}`);
          add(name, link, load);
        }
      }
      add(PLAYGROUND, 'button', await loadOnce(browser, `${siteHost.siteUrl}playground/`, PHONE));
      floor.push(await firstPaintOnce(browser, `${hosts[0]![1].url}/floor`, PHONE));
    }
    const figures = [...cases].flatMap(([name, { link, loads }]) => {
      const figure = (what: string, unit: string, key: 'ms' | 'bytes' | 'layoutShift') =>
        sampled(
          `First link (slow 4G, CPU 4×): ${name}, ${what}`,
          unit,
          loads.map((load) => load[key]),
        );
      const painted = figure(`navigation → ${link} painted`, 'ms', 'ms');
      // The page's own resource entries: the Service Worker's script is fetched for the worker, not the page.
      if (name === PLAYGROUND) return [painted, figure("the page's downloads by then (sw.js besides)", 'bytes', 'bytes')];
      return [
        painted,
        figure('downloaded by then', 'bytes', 'bytes'),
        figure('layout shift from the first paint to the first status', 'CLS', 'layoutShift'),
      ];
    });
    return [...figures, sampled(FLOOR, 'ms', floor)];
  } finally {
    await browser.close();
    await Promise.all([...hosts.map(([, host]) => host.close()), siteHost.close()]);
    await site.remove();
  }
}
