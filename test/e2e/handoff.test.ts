// The handoff through the host, end to end: the QR code carries the kit's short link; the phone that
// opens it is "connected" on the desktop before any step; a second device is noticed; a person who
// cannot scan types the code on the kit's page, with the keyboard alone, and axe finds nothing.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { desktop, logged, phone, scanQr, screenshot, startVerification, startWorld, waitForLogged, walk, type World } from './harness.js';

const TEST = { timeout: 90_000 };
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The axe-core violations of the page as it is (WCAG 2.1 A and AA). */
async function violations(page: Page): Promise<unknown[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    return result.violations.map(({ id, nodes }) => ({ id, nodes: nodes.length }));
  });
}

const statusLine = (page: Page) => page.locator('kyc-verify [part="status"]');

/** The typed-code page as Chromium lays it out: sizes in CSS px, computed fonts and colours. */
async function measure(page: Page) {
  const style = (selector: string, property: 'fontSize' | 'fontFamily' | 'color' | 'backgroundColor') =>
    page.locator(selector).evaluate((element, name) => getComputedStyle(element)[name], property);
  const height = async (selector: string) => (await page.locator(selector).boundingBox())!.height;
  return {
    fieldFontSize: parseFloat(await style('#code', 'fontSize')),
    fieldHeight: await height('#code'),
    buttonHeight: await height('button'),
    fonts: [await style('body', 'fontFamily'), await style('#code', 'fontFamily'), await style('button', 'fontFamily')],
    colours: {
      text: await style('body', 'color'),
      background: await style('body', 'backgroundColor'),
      button: await style('button', 'backgroundColor'),
    },
  };
}

/** The element's text colour on the desktop, in the scheme asked for: the palette the typed-code page must share. */
async function elementText(page: Page, colorScheme: 'light' | 'dark'): Promise<string> {
  await page.emulateMedia({ colorScheme });
  return page.locator('kyc-verify').evaluate((element) => getComputedStyle(element).color);
}

describe('end to end: the handoff through the host', () => {
  let world: World;

  before(async () => {
    world = await startWorld({ shortLinks: true });
  });
  after(() => world.close());

  it(
    'the QR code carries the short link; the phone that opens it is connected on the desktop before any step; the flow ends once',
    TEST,
    async () => {
      const page = await desktop(world);
      await startVerification(page, world.demo.url);
      const link = await scanQr(page);
      const go = new URL('kyc/go', world.demo.url).href;
      assert.match(link, new RegExp(`^${go}/[A-Za-z0-9_-]{22}$`));
      const typed = page.locator('kyc-verify [part="typed-code"]');
      const code = (await typed.locator('[role="img"]').textContent())!;
      assert.match(code, /^[34679ACDEFGHJKMNPRTWXY]{8}$/);
      assert.equal(
        (await typed.textContent())!.replace(/\s+/g, ' ').trim(),
        `¿No puedes escanear? En tu celular, abre ${go.replace('http://', '')} y escribe ${code}`,
      );
      assert.equal(await typed.locator('[role="img"]').getAttribute('aria-label'), [...code].join(' '));

      const mobile = await phone(world);
      await mobile.goto(link);
      assert.match(mobile.url(), new RegExp(`^${world.demo.sandbox.url.replace(/\/$/, '')}/transactions/`));
      await statusLine(page).getByText('Celular conectado.', { exact: true }).waitFor();
      const changes = await logged(page, 'kyc-state-change');
      const first = changes.find((change) => change.handoff) as { step: string; handoff: { devices: number } };
      assert.ok(first, JSON.stringify(changes));
      assert.equal(first.step, 'Session_start');
      assert.equal(first.handoff.devices, 1);
      await screenshot(page, 'handoff-connected-desktop');

      await walk(mobile, ['Documento OK', 'Selfie OK']);
      await waitForLogged(page, 'kyc-successful');
      await page.locator('#webhooks li[data-name="result"]').waitFor();
      assert.equal((await logged(page, 'kyc-successful')).length, 1);

      // Ended: the short link says so, and leads nowhere.
      const again = await mobile.goto(link);
      assert.equal(again!.status(), 404);
      assert.equal(await mobile.locator('h1').textContent(), 'Este enlace ya no sirve');
    },
  );

  it('a second device that opens the link: the desktop says so, the host hears it once', TEST, async () => {
    const page = await desktop(world);
    await startVerification(page, world.demo.url, { lang: 'en' });
    const link = await scanQr(page);
    const first = await phone(world);
    await first.goto(link);
    await statusLine(page).getByText('Phone connected.', { exact: false }).waitFor();
    const second = await phone(world);
    await second.goto(link);
    await second.goto(link);
    await page.locator('kyc-verify [part="other-device"]').getByText('The link was opened on another device too. Not you?').waitFor();
    const changes = await logged(page, 'kyc-state-change');
    assert.ok(changes.some((change) => (change.handoff as { devices: number } | undefined)?.devices === 2));
    await screenshot(page, 'handoff-other-device-desktop');
    const { uuid } = changes[0]!;
    const heard = async () =>
      (await page.locator('#webhooks li[data-name="handoff"] pre').allTextContents())
        .map((text) => JSON.parse(text) as { uuid: string; kind: string; devices: number })
        .filter((event) => event.uuid === uuid)
        .map((event) => `${event.kind}:${event.devices}`);
    await page.locator('#webhooks li[data-name="handoff"] pre', { hasText: 'other_device' }).first().waitFor();
    assert.deepEqual(await heard(), ['opened:1', 'other_device:2']);
  });

  it(
    'the typed-code page belongs to the site: its name, the system font, a 16 px field, 44 px targets, the element\u2019s colours in light and dark, its own style and nothing else',
    TEST,
    async () => {
      const page = await desktop(world);
      await startVerification(page, world.demo.url);
      const code = (await page.locator('kyc-verify [part="typed-code"] [role="img"]').textContent())!;
      const mobile = await phone(world);
      const refused: string[] = [];
      mobile.on('console', (message) => {
        if (/^CSP: |Content Security Policy/.test(message.text())) refused.push(message.text());
      });
      // Heard before the page's first byte, from outside the page (its CSP allows no script of its own).
      await mobile.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await mobile.goto(new URL('kyc/go', world.demo.url).href);

      assert.equal(await mobile.locator('.site').textContent(), 'kyc-verify demo');
      assert.equal(await mobile.title(), 'Verificación de identidad · kyc-verify demo');
      assert.equal(await mobile.locator('#code').getAttribute('inputmode'), 'text');
      const light = await measure(mobile);
      assert.ok(light.fieldFontSize >= 16, `the field's text is ${light.fieldFontSize} px: iOS zooms in on focus below 16`);
      assert.ok(light.fieldHeight >= 44, `the field is ${light.fieldHeight} px tall`);
      assert.ok(light.buttonHeight >= 44, `the button is ${light.buttonHeight} px tall`);
      for (const family of light.fonts) assert.match(family, /^system-ui,/, 'the system font, not the serif default');
      assert.equal(light.colours.text, await elementText(page, 'light'));

      await mobile.emulateMedia({ colorScheme: 'dark' });
      const dark = await measure(mobile);
      assert.equal(dark.colours.text, await elementText(page, 'dark'));
      for (const key of ['text', 'background', 'button'] as const) assert.notEqual(dark.colours[key], light.colours[key], key);
      await screenshot(mobile, 'handoff-typed-code-dark');

      await mobile.locator('#code').fill(code);
      await mobile.locator('button').click();
      await mobile.waitForURL(new RegExp(`^${world.demo.sandbox.url.replace(/\/$/, '')}/transactions/`));
      assert.deepEqual(refused, [], 'the page\u2019s style is the one its CSP allows, and nothing is refused');
    },
  );

  it(
    'the typed code: walked with the keyboard alone, announced errors, axe finds nothing, then the verification, under the page\u2019s own CSP',
    TEST,
    async () => {
      const page = await desktop(world);
      await startVerification(page, world.demo.url);
      await scanQr(page);
      const code = (await page.locator('kyc-verify [part="typed-code"] [role="img"]').textContent())!;
      const goUrl = new URL('kyc/go', world.demo.url).href;
      // CSP is bypassed only to inject axe, in a context of its own: the page itself runs no script.
      const audited = await world.browser.newContext({
        locale: 'es-CL',
        bypassCSP: true,
        isMobile: true,
        viewport: { width: 390, height: 844 },
      });
      const audit = await audited.newPage();
      await audit.goto(goUrl);
      assert.equal(await audit.locator('html').getAttribute('lang'), 'es');
      assert.deepEqual(await violations(audit), []);
      await audit.locator('#code').fill('XXXXXXXX');
      await audit.locator('#code').press('Enter');
      await audit.locator('[role="alert"]').waitFor();
      assert.deepEqual(await violations(audit), []);
      await audited.close();

      // The phone walks it under the page's own Content-Security-Policy, as people do.
      const mobile = await phone(world);
      await mobile.goto(goUrl);
      await mobile.keyboard.press('Tab');
      assert.equal(await mobile.evaluate(() => document.activeElement?.id), 'code');
      await mobile.keyboard.type('XXXXXXXX');
      await mobile.keyboard.press('Enter');
      await mobile.waitForLoadState();
      assert.equal(
        await mobile.locator('[role="alert"]').textContent(),
        'Ese código no sirve o ya venció. Revisa los 8 caracteres en la otra pantalla y escríbelos de nuevo. Si la verificación ya se abrió en otro dispositivo, continúa en ese.',
      );
      assert.equal(await mobile.evaluate(() => document.activeElement?.id), 'code', 'the field takes the focus after an error');
      await screenshot(mobile, 'handoff-typed-code-error');

      await mobile.keyboard.type(code.toLowerCase());
      await mobile.keyboard.press('Enter');
      // The form's redirect to the service's page is one its form-action allows: the phone gets there, the error with it gone.
      await mobile.waitForURL(new RegExp(`^${world.demo.sandbox.url.replace(/\/$/, '')}/transactions/`));
      assert.equal(await mobile.locator('[role="alert"]', { hasText: 'Ese código no sirve' }).count(), 0);
      await statusLine(page).getByText('Celular conectado.', { exact: false }).waitFor();
    },
  );
});
