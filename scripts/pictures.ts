// `npm run pictures`: draws every state of the widget, the list the screens' matrix lays out
// (test/e2e/scenes.ts), from the real element on the demo stack in Chromium, as
// docs/pictures/<state>.png (one look: a computer's mouse, 560 CSS px wide at one device pixel per
// CSS px, the light scheme, English, the widget alone), and writes docs/element.md's "Every state"
// section that shows them. test/build/pictures.test.ts checks that each state has both.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import UPNG from 'upng-js';
import { sandboxControl, startWorld } from '../test/e2e/harness.js';
import { loadScene, SCENES } from '../test/e2e/scenes.js';
import { PICTURES, PICTURES_SECTION, picturesSection } from './pictures-section.js';

/** Colours kept per picture: text's edges stay smooth, and the 20 pictures weigh about 200 KB (480 KB as Chromium writes them). */
const COLOURS = 64;
const LOOK = { viewport: { width: 560, height: 900 }, deviceScaleFactor: 1, colorScheme: 'light', reducedMotion: 'reduce' } as const;

// The short link on, as deployed: the typed code shows under the QR code.
/** The PNG `png` with its colours reduced to a palette of COLOURS. */
function withFewerColours(png: Buffer): ArrayBuffer {
  const image = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.length) as ArrayBuffer);
  return UPNG.encode(UPNG.toRGBA8(image), image.width, image.height, COLOURS);
}

const world = await startWorld({ shortLinks: true });
try {
  await rm(PICTURES, { recursive: true, force: true });
  await mkdir(PICTURES, { recursive: true });
  for (const scene of SCENES) {
    const context = await world.browser.newContext(LOOK);
    const page = await context.newPage();
    await loadScene(page, world.demo.url, scene);
    await scene.reach(page, (path, body) => sandboxControl(world, path, body));
    await page.evaluate(
      "(() => { const element = document.querySelector('kyc-verify'); element.lang = 'en'; return element.updateComplete; })()",
    );
    await page.waitForFunction("!document.querySelector('kyc-verify').shadowRoot.querySelector('.loading')");
    await scene.hold?.(page);
    const shot = await page.locator('kyc-verify').screenshot({ animations: 'disabled', caret: 'hide' });
    await writeFile(join(PICTURES, `${scene.name}.png`), new Uint8Array(withFewerColours(shot)));
    await context.close();
  }
} finally {
  await world.close();
}

const element = await readFile('docs/element.md', 'utf8');
const [before, rest] = element.split(PICTURES_SECTION.start);
const after = rest?.split(PICTURES_SECTION.end)[1];
if (before === undefined || after === undefined)
  throw new Error(`docs/element.md has no ${PICTURES_SECTION.start} … ${PICTURES_SECTION.end}`);
await writeFile('docs/element.md', before + picturesSection(SCENES.map(({ name }) => name)) + after);

let bytes = 0;
for (const file of await readdir(PICTURES)) bytes += (await stat(join(PICTURES, file))).size;
console.log(`${SCENES.length} pictures in ${PICTURES}: ${bytes.toLocaleString('en')} B`);
