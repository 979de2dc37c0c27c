// The states of the widget as an integrator's page shows them, each reached as in real life (the sandbox's
// outcomes and clock, the host's answers): one list, laid out by the screens' matrix (matrix.test.ts) and
// drawn for docs/element.md by `npm run pictures` (scripts/pictures.ts).
import type { Page } from 'playwright-core';

/** Posts to one of the sandbox's controls (`clock`, `transactions/<uuid>/outcome`…): `sandboxControl` of the harness. */
export type Control = (path: string, body: unknown) => Promise<void>;

export interface Scene {
  name: string;
  attributes: string;
  /** Before the page loads: routes the host's answers. */
  prepare?: (page: Page) => Promise<unknown>;
  /** Brings the shown verification to the state. */
  reach: (page: Page, control: Control) => Promise<unknown>;
  /** Before each look: keeps a passing state (a note that clears itself) on screen. */
  hold?: (page: Page) => Promise<unknown>;
}

/** A fresh integrator's page: the standalone bundle from a script tag and nothing else of ours; the root painted `Canvas` unless a class paints it. */
const integratorPage = (attributes: string) => `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Verificación</title>
    <style>
      html { background: Canvas; font-family: system-ui, sans-serif; }
      html.painted-dark { background: #121212; color: #e6e6e6; }
      html.painted-light { background: #f3f3f3; color: #1f1f1f; }
      #widget { padding: 1rem; }
    </style>
    <script type="module" src="/kyc-verify.bundle.js"></script>
  </head>
  <body>
    <div id="widget"><kyc-verify status-url="/kyc/status/{uuid}" ${attributes}></kyc-verify></div>
  </body>
</html>`;

const shadow = (page: Page, selector: string) => page.locator(`kyc-verify ${selector}`);
const uuidOf = async (page: Page) =>
  (await page.waitForFunction("document.querySelector('kyc-verify').status?.uuid")).jsonValue() as Promise<string>;
const stateIs = (page: Page, state: string) => page.waitForFunction(`document.querySelector('kyc-verify').status?.state === '${state}'`);
const statusSays = (page: Page) =>
  page.waitForFunction("document.querySelector('kyc-verify').shadowRoot?.querySelector('[part=status]')?.textContent.trim()");

/** The outcomes of the phone's captures, applied to the verification the page shows. */
async function outcomes(page: Page, control: Control, codes: string[]): Promise<void> {
  const uuid = await uuidOf(page);
  for (const code of codes) await control(`transactions/${uuid}/outcome`, { code });
}

const qrShown = (page: Page) => shadow(page, '[part="qr"] path').waitFor();
const failedWith = (codes: string[]) => async (page: Page, control: Control) => {
  await qrShown(page);
  await outcomes(page, control, codes);
  await stateIs(page, 'failed');
  await shadow(page, '[part="retry-button"]').waitFor();
};

export const SCENES: Scene[] = [
  {
    name: 'preparing',
    attributes: 'session-url="/kyc/session"',
    prepare: (page) => page.route('**/kyc/session**', () => undefined),
    reach: statusSays,
  },
  { name: 'waiting', attributes: 'session-url="/kyc/session"', reach: (page) => shadow(page, '[part="copy-button"]').waitFor() },
  { name: 'waiting-both', attributes: 'session-url="/kyc/session" mode="both"', reach: qrShown },
  {
    name: 'copied',
    attributes: 'session-url="/kyc/session" mode="qr"',
    prepare: (page) => page.context().grantPermissions(['clipboard-read', 'clipboard-write']),
    reach: qrShown,
    hold: async (page) => {
      await shadow(page, '[part="copy-button"]').click();
      await page.waitForFunction("document.querySelector('kyc-verify').shadowRoot.querySelector('.copy .note').textContent");
    },
  },
  {
    name: 'copy-failed',
    attributes: 'session-url="/kyc/session" mode="qr"',
    prepare: (page) =>
      page.addInitScript('navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError"))'),
    reach: async (page) => {
      await qrShown(page);
      await shadow(page, '[part="copy-button"]').click();
      await shadow(page, '[part="link-text"]').waitFor();
    },
  },
  {
    name: 'sent',
    attributes: 'session-url="/kyc/session" mode="qr"',
    reach: async (page) => {
      await shadow(page, '[part="send-button"]').first().click();
      await page.waitForFunction("document.querySelector('kyc-verify').shadowRoot.querySelector('[part=send-note]')?.textContent");
    },
  },
  {
    name: 'following',
    attributes: 'session-url="/kyc/session?challenges=0" mode="qr"',
    reach: async (page, control) => {
      await qrShown(page);
      await outcomes(page, control, ['002']);
      await shadow(page, '[part~="step-current"]').waitFor();
    },
  },
  {
    name: 'selfie-problem',
    attributes: 'session-url="/kyc/session" mode="qr"',
    reach: async (page, control) => {
      await qrShown(page);
      await outcomes(page, control, ['002', '014']);
      await shadow(page, '[part~="step-problem"]').waitFor();
    },
  },
  {
    name: 'saving',
    attributes: 'session-url="/kyc/session?challenges=0" mode="qr" continue-delay="600000"',
    reach: async (page, control) => {
      await qrShown(page);
      await outcomes(page, control, ['002', '013']);
      await shadow(page, '[part="continue-button"][disabled]').waitFor();
    },
  },
  {
    name: 'successful',
    attributes: 'session-url="/kyc/session?challenges=0" mode="qr" continue-delay="0"',
    reach: async (page, control) => {
      await qrShown(page);
      await outcomes(page, control, ['002', '013']);
      await shadow(page, '[part="continue-button"]:not([disabled])').waitFor();
    },
  },
  { name: 'failed-document', attributes: 'session-url="/kyc/session?tries=1" mode="qr"', reach: failedWith(['006']) },
  { name: 'failed-rut', attributes: 'session-url="/kyc/session?tries=1" mode="qr"', reach: failedWith(['003']) },
  { name: 'failed-face', attributes: 'session-url="/kyc/session?tries=1" mode="qr"', reach: failedWith(['002', '014']) },
  { name: 'failed-score', attributes: 'session-url="/kyc/session?tries=1" mode="qr"', reach: failedWith(['002', '015']) },
  {
    name: 'reconnecting',
    attributes: 'session-url="/kyc/session" mode="qr"',
    prepare: (page) => page.route('**/kyc/status/**', (route) => route.fulfill({ status: 503, body: 'Unavailable' })),
    reach: (page) => page.waitForFunction("document.querySelector('kyc-verify').shadowRoot.querySelector('.retrying')"),
  },
  {
    name: 'error-setup',
    attributes: 'session-url="/kyc/session" mode="qr"',
    prepare: (page) => page.route('**/kyc/status/**', (route) => route.fulfill({ status: 404, body: 'Not Found' })),
    reach: (page) => shadow(page, '[part="status"].problem').waitFor(),
  },
  {
    name: 'error-lost',
    attributes: 'session-url="/kyc/session" mode="qr" no-stream',
    reach: async (page, control) => {
      await qrShown(page);
      await outcomes(page, control, ['002']);
      await shadow(page, '[part~="step-current"]').waitFor();
      await page.route('**/kyc/status/**', (route) => route.fulfill({ status: 410, body: 'Gone' }));
      await shadow(page, '[part="status"].problem').waitFor();
    },
  },
  {
    // A login that ended is no fault of the page's: said in the calm tone, with Try again.
    name: 'error-login',
    attributes: 'session-url="/kyc/session"',
    prepare: (page) => page.route('**/kyc/session**', (route) => route.fulfill({ status: 401, body: '401' })),
    reach: (page) => shadow(page, '[part="status"].busy').waitFor(),
  },
  {
    name: 'error-session',
    attributes: 'session-url="/kyc/session"',
    prepare: (page) => page.route('**/kyc/session**', (route) => route.fulfill({ status: 502, body: '502' })),
    reach: (page) => shadow(page, '[part="status"].problem').waitFor(),
  },
  // Last: the sandbox's clock only moves forward, and expires whatever is still under way.
  {
    name: 'expired',
    attributes: 'session-url="/kyc/session?expiration=60" mode="qr"',
    reach: async (page, control) => {
      await qrShown(page);
      await control('clock', { advance_seconds: 61 });
      await stateIs(page, 'expired');
      await shadow(page, '[part="retry-button"]').waitFor();
    },
  },
];

/** Loads an integrator's page on the demo's origin with the scene's `<kyc-verify>` (not yet brought to its state). */
export async function loadScene(page: Page, demoUrl: string, scene: Scene): Promise<void> {
  await scene.prepare?.(page);
  const url = new URL('/matrix.html', demoUrl).href;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: integratorPage(scene.attributes) }));
  await page.goto(url);
}
