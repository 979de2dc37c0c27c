/**
 * The first link on a slow phone: a cold load of the script-tag page (host.ts) on the slow phone
 * (slow-phone.ts) until the element's link is on screen, and the bytes downloaded by then. The
 * phone (390×844, touch, mode auto: the button) and the desktop (1280×800, mode qr: the QR code),
 * each with the build as shipped (the QR encoder a lazy chunk, fetched as soon as an element that draws QR codes renders)
 * and with the bench's variants of it (qr-encoder-variants.ts), runs interleaved so that the
 * machine's load falls on every case alike.
 */
import { chromium, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { buildBrowser, buildServerRender } from '../lib/build.js';
import type { Figure } from '../lib/figure.js';
import type { Listening } from '../lib/http.js';
import { sampled } from '../lib/stats.js';
import { startFirstLinkHost } from './host.js';
import { loadOnce, type FirstLink } from './load-once.js';
import { buildWithEncoderFetchedWhenDrawn, buildWithEncoderInBundle } from './qr-encoder-variants.js';

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
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    // By case ("phone, QR encoder in the bundle"): what it shows, and its loads.
    const cases = new Map<string, { link: string; loads: FirstLink[] }>();
    for (let run = 0; run < RUNS; run++) {
      for (const { name: device, link, path, context, ...page } of DEVICES) {
        // The prepared page with the build as shipped only: the encoder's variants draw nothing it draws.
        for (const [build, host] of 'shipped' in page ? hosts.slice(0, 1) : hosts) {
          const load = await loadOnce(browser, host.url + path, context);
          const name = `${device}${build}`;
          if (run === 0) console.error(`first-link, ${name}: downloaded ${load.files.join(' ')}`);
          cases.set(name, { link, loads: [...(cases.get(name)?.loads ?? []), load] });
        }
      }
    }
    return [...cases].flatMap(([name, { link, loads }]) => [
      sampled(
        `First link (slow 4G, CPU 4×): ${name}, navigation → ${link} painted`,
        'ms',
        loads.map((load) => load.ms),
      ),
      sampled(
        `First link (slow 4G, CPU 4×): ${name}, downloaded by then`,
        'bytes',
        loads.map((load) => load.bytes),
      ),
      sampled(
        `First link (slow 4G, CPU 4×): ${name}, layout shift from the first paint to the first status`,
        'CLS',
        loads.map((load) => load.layoutShift),
      ),
    ]);
  } finally {
    await browser.close();
    await Promise.all(hosts.map(([, host]) => host.close()));
  }
}
