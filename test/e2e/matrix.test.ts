// The screens' matrix: every state of the widget, each met in every language, in each of the twelve
// combinations of system colour scheme (light, dark) and page (no `color-scheme`, `light`, `dark`,
// `light dark`, painted dark or painted light without declaring it), on a desktop and a phone (a
// finger's pointer, `(pointer: coarse)`, which auto mode follows: the phone's looks show the button),
// on a phone at 200 % zoom (its 390 CSS px halved) and on a computer at 320 CSS px (1280 at 400 %,
// the QR code kept). A covering set, not the product:
// every state is audited on both undeclared painted pages (the darkest and the lightest), the other
// combinations, viewports and languages rotate over the states so that each is met at least once,
// and every state is laid out in every language at both narrow widths, and at 320 CSS px with
// WCAG 1.4.12's text spacing. An audit (page/screen-audit.js) asks: every visible text ≥ 4.5:1
// against what is painted behind it, every control's boundary ≥ 3:1, the palette that belongs to
// the page (dark surroundings, dark colours), no text or box outside the viewport and no sideways
// scroll; Tab shows a focus ring (≥ 2 px, ≥ 3:1) on every control it reaches; axe finds nothing
// (WCAG 2.2 A and AA rules). Screenshots: test-results/matrix/<state>-<lang>-<combination>-<viewport>.png.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CDPSession, Page } from 'playwright-core';
import { sandboxControl, startWorld, type World } from './harness.js';
import { loadScene, SCENES, type Scene } from './scenes.js';

const SHOTS = resolve('test-results/matrix');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AUDIT = resolve(import.meta.dirname, 'page/screen-audit.js');
const TEST = { timeout: 120_000 };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const LANGUAGES = ['es', 'en', 'pt-BR'] as const;
const SYSTEMS = ['light', 'dark'] as const;
type System = (typeof SYSTEMS)[number];

/** How each page says its colour scheme (a meta tag or a CSS rule, as pages do), or paints itself without saying it (a class on <html>). */
const PAGES = {
  unset: '',
  light: '<meta name="color-scheme" content="light" />',
  dark: '<style>:root { color-scheme: dark; }</style>',
  'light-dark': '<meta name="color-scheme" content="light dark" />',
  'painted-dark': 'class:painted-dark',
  'painted-light': 'class:painted-light',
} as const;
type PageKind = keyof typeof PAGES;

/** Where the person sees the page painted dark: the page says dark, says both on a dark system, or paints itself dark. */
const darkPage = (system: System, page: PageKind) =>
  page === 'dark' || page === 'painted-dark' || (page === 'light-dark' && system === 'dark');

interface Viewport {
  width: number;
  height: number;
  /** A finger, not a mouse: `(pointer: coarse)`. */
  touch: boolean;
}

const VIEWPORTS = { desktop: { width: 1280, height: 800, touch: false }, phone: { width: 390, height: 844, touch: true } } as const;
/** 200 % zoom on a phone (390 CSS px halved), and WCAG 1.4.10's reflow width on a computer (1280 CSS px at 400 %). */
const NARROW = { 'zoom-200': { width: 195, height: 422, touch: true }, '320px': { width: 320, height: 640, touch: false } } as const;

/** WCAG 1.4.12's spacing (line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em), added to the element's own styles. */
const TEXT_SPACING = `(() => {
  const spacing = new CSSStyleSheet();
  spacing.replaceSync('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }');
  const root = document.querySelector('kyc-verify').shadowRoot;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, spacing];
})()`;

interface Combination {
  system: System;
  page: PageKind;
}

/** The eight combinations besides the painted pages, which every state meets anyway. */
const DECLARED: Combination[] = SYSTEMS.flatMap((system) =>
  (['unset', 'light', 'dark', 'light-dark'] as const).map((page) => ({ system, page })),
);

interface Audit {
  texts: { text: string; where: string; ratio: number }[];
  boundaries: { where: string; ratio: number }[];
  clipped: string[];
  sideways: string | null;
  textColour: string;
  painted: number[];
}

interface AxeResults {
  violations: { id: string; nodes: { target: string[][] }[] }[];
}

/** Relative luminance (0–1) of `rgb(r, g, b)` or an [r, g, b] triple, roughly: enough to tell light from dark. */
const lightness = (colour: string | number[]) => {
  const [r, g, b] = typeof colour === 'string' ? colour.match(/[\d.]+/g)!.map(Number) : colour;
  return 0.2126 * (r! / 255) ** 2.2 + 0.7152 * (g! / 255) ** 2.2 + 0.0722 * (b! / 255) ** 2.2;
};

describe('end to end: the matrix of states, languages, colour schemes and viewports', () => {
  let world: World;
  /** Which of the combinations, viewports and languages were met, by audit: all must be, by the end. */
  const met = new Set<string>();

  before(async () => {
    world = await startWorld();
    await mkdir(SHOTS, { recursive: true });
    console.log(`screenshots of the matrix: ${SHOTS}/*.png`);
  });
  after(() => world.close());

  const control = (path: string, body: unknown) => sandboxControl(world, path, body);
  /** Opens an integrator's page on the demo's origin with the scene's `<kyc-verify>`, and brings it to the scene's state. */
  async function open(scene: Scene): Promise<Page> {
    const context = await world.browser.newContext({ viewport: { width: VIEWPORTS.desktop.width, height: VIEWPORTS.desktop.height } });
    const page = await context.newPage();
    await loadScene(page, world.demo.url, scene);
    await page.addScriptTag({ path: AXE });
    await page.addScriptTag({ path: AUDIT });
    await scene.reach(page, control);
    return page;
  }

  /** Each page's DevTools session that gives it a finger or a mouse: kept open, as the emulation ends with it. */
  const pointers = new Map<Page, { session: CDPSession; touch: boolean }>();
  async function emulatePointer(page: Page, touch: boolean) {
    const pointer = pointers.get(page) ?? { session: await page.context().newCDPSession(page), touch: false };
    pointers.set(page, pointer);
    if (pointer.touch === touch) return;
    await pointer.session.send('Emulation.setTouchEmulationEnabled', { enabled: touch, maxTouchPoints: 5 });
    pointer.touch = touch;
  }

  /** The page in this combination, viewport and language, as the person would find it. */
  async function look(page: Page, { system, page: kind }: Combination, { touch, ...size }: Viewport, lang: string) {
    await page.emulateMedia({ colorScheme: system });
    await page.setViewportSize(size);
    await emulatePointer(page, touch);
    const declaration = PAGES[kind];
    await page.evaluate(
      `(() => {
        document.querySelector('#scheme')?.remove();
        document.documentElement.className = ${JSON.stringify(declaration.startsWith('class:') ? declaration.slice(6) : '')};
        const template = document.createElement('template');
        template.innerHTML = ${JSON.stringify(declaration.startsWith('class:') ? '' : declaration)};
        const declared = template.content.firstElementChild;
        if (declared) { declared.id = 'scheme'; document.head.append(declared); }
        const element = document.querySelector('kyc-verify');
        element.lang = ${JSON.stringify(lang)};
        return element.updateComplete;
      })()`,
    );
    await page.waitForFunction("!document.querySelector('kyc-verify').shadowRoot.querySelector('.loading')");
    // A frame for the page's observers and the layout to settle.
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  }

  /** What is wrong with the widget as it is now: low contrast, a faint control, a palette that does not belong, clipped text. */
  async function problemsOf(page: Page, combination: Combination): Promise<string[]> {
    const audit = (await page.evaluate('screenAudit()')) as Audit;
    const problems = [
      ...audit.texts
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ text, where, ratio }) => `text "${text}" in ${where} at ${ratio.toFixed(2)}:1`),
      ...audit.boundaries.filter(({ ratio }) => ratio < 3).map(({ where, ratio }) => `boundary of ${where} at ${ratio.toFixed(2)}:1`),
      ...audit.clipped,
      ...(audit.sideways ? [audit.sideways] : []),
    ];
    const dark = darkPage(combination.system, combination.page);
    if (lightness(audit.painted) < 0.18 !== dark)
      problems.push(`the page is painted rgb(${audit.painted.join(', ')}), not as its scheme says`);
    if (lightness(audit.textColour) > 0.5 !== dark)
      problems.push(`the text is ${audit.textColour}: the ${dark ? 'light' : 'dark'} palette, on a ${dark ? 'dark' : 'light'} page`);
    if (!audit.texts.length) problems.push('no text shown');
    return problems;
  }

  /** Auto mode follows the pointer: where the link shows, a finger gets the button and not the QR code, a mouse the QR code and not the button. */
  async function layoutProblems(page: Page, { touch }: Viewport): Promise<string[]> {
    const shown = (await page.evaluate(`(() => {
      const element = document.querySelector('kyc-verify');
      const seen = (selector) => Boolean(element.shadowRoot.querySelector(selector)?.checkVisibility({ visibilityProperty: true }));
      return { auto: element.mode === 'auto', qr: seen('[part=qr]'), button: seen('[part=button]') };
    })()`)) as { auto: boolean; qr: boolean; button: boolean };
    if (!shown.auto || (!shown.qr && !shown.button)) return [];
    return shown.button === touch && shown.qr !== touch
      ? []
      : [
          `${touch ? 'a finger' : 'a mouse'} is shown ${[shown.qr && 'the QR code', shown.button && 'the button'].filter(Boolean).join(' and ')}`,
        ];
  }

  /** Tabs through the element from the top of the page: each control it reaches shows a ring of at least 2 px and 3:1. */
  async function focusProblems(page: Page): Promise<string[]> {
    // From the top of the page: the body focused, so that Tab starts there and not after the last control.
    await page.evaluate('document.body.tabIndex = -1; document.body.focus()');
    const problems: string[] = [];
    const seen = new Set<string>();
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      const ring = (await page.evaluate('focusRing()')) as { where: string; drawn: boolean; ratio: number } | null;
      if (!ring || seen.has(ring.where)) break;
      seen.add(ring.where);
      if (!ring.drawn || ring.ratio < 3)
        problems.push(`focus ring of ${ring.where}: ${ring.drawn ? `${ring.ratio.toFixed(2)}:1` : 'none'}`);
    }
    const controls = await page.evaluate(
      "[...document.querySelector('kyc-verify').shadowRoot.querySelectorAll('button:enabled, a, summary')].some((control) => control.checkVisibility({ visibilityProperty: true }))",
    );
    if (!seen.size && controls) problems.push('Tab reaches no control');
    return problems;
  }

  async function axeViolations(page: Page): Promise<string[]> {
    const results = (await page.evaluate(
      `axe.run('kyc-verify', { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } })`,
    )) as AxeResults;
    return results.violations.flatMap(({ id, nodes }) => nodes.map((node) => `axe ${id}: ${node.target.flat().join(' ')}`));
  }

  SCENES.forEach((scene, index) => {
    it(scene.name, TEST, async () => {
      const page = await open(scene);
      const problems: string[] = [];
      // Both undeclared painted pages, their systems swapped from one state to the next, and two of the eight others in turn.
      const combinations: Combination[] = [
        { system: SYSTEMS[index % 2]!, page: 'painted-dark' },
        { system: SYSTEMS[(index + 1) % 2]!, page: 'painted-light' },
        DECLARED[(2 * index) % DECLARED.length]!,
        DECLARED[(2 * index + 1) % DECLARED.length]!,
      ];
      for (const [turn, combination] of combinations.entries()) {
        const viewport = (turn + index) % 2 ? 'phone' : 'desktop';
        const lang = LANGUAGES[(turn + index) % LANGUAGES.length]!;
        const where = `${lang}, system ${combination.system}, page ${combination.page}, ${viewport}`;
        await scene.hold?.(page);
        await look(page, combination, VIEWPORTS[viewport], lang);
        await page.locator('#widget').screenshot({ path: `${SHOTS}/${scene.name}-${where.replace(/[, ]+/g, '-')}.png` });
        const found = [
          ...(await problemsOf(page, combination)),
          ...(await layoutProblems(page, VIEWPORTS[viewport])),
          ...(await axeViolations(page)),
          ...(await focusProblems(page)),
        ];
        problems.push(...found.map((problem) => `${where}: ${problem}`));
        met.add(`${combination.system} ${combination.page}`).add(viewport).add(lang);
      }
      // Every language at both narrow widths (the scheme of the last look).
      for (const lang of LANGUAGES) {
        for (const [width, viewport] of Object.entries(NARROW)) {
          await scene.hold?.(page);
          await look(page, combinations.at(-1)!, viewport, lang);
          const found = [...(await problemsOf(page, combinations.at(-1)!)), ...(await layoutProblems(page, viewport))];
          problems.push(...found.map((problem) => `${lang}, ${width}: ${problem}`));
        }
      }
      // WCAG 1.4.12's text spacing, inside the element, at 320 CSS px: nothing clipped either.
      await page.evaluate(TEXT_SPACING);
      for (const lang of LANGUAGES) {
        await look(page, combinations.at(-1)!, NARROW['320px'], lang);
        problems.push(...(await problemsOf(page, combinations.at(-1)!)).map((problem) => `${lang}, 320px, text spacing: ${problem}`));
      }
      pointers.delete(page);
      await page.context().close();
      assert.deepEqual(problems, [], `${scene.name}:\n${problems.join('\n')}`);
    });
  });

  it('met every combination, viewport and language', () => {
    const wanted = [
      ...SYSTEMS.flatMap((system) => Object.keys(PAGES).map((page) => `${system} ${page}`)),
      ...Object.keys(VIEWPORTS),
      ...LANGUAGES,
    ];
    assert.deepEqual(
      wanted.filter((cell) => !met.has(cell)),
      [],
    );
  });
});
