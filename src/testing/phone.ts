/**
 * A phone's walk through the sandbox's verification page (docs/sandbox.md, "The flow") for
 * Playwright users, without Playwright: the page is typed by the few methods the walk calls, which a
 * Playwright `Page` has (and any driver shaped like it).
 */
import type { FailureCode } from './types.js';

/** What the walk needs of a Playwright `Locator`. */
export interface LocatorLike {
  click(): Promise<void>;
  count(): Promise<number>;
  first(): LocatorLike;
}

/** What the walk needs of a Playwright `Page`. */
export interface PageLike {
  goto(url: string): Promise<unknown>;
  locator(selector: string): LocatorLike;
  waitForLoadState(): Promise<void>;
}

/** How the walk ends: each capture passed, or failed at its step with a code until no try is left. */
export type PageWalkEnd = 'successful' | { failed: FailureCode };

const button = (choice: string) => `button[name="outcome"][value="${choice}"]`;
const DOCUMENT_CODES: readonly string[] = ['003', '004', '005', '006', '007', '008', '009', '010', '011'];
/** Past this many pages the walk stops: a flow has a document, a selfie and a few challenges. */
const MOST_PAGES = 50;

/**
 * Opens the verification link (`validator_url`) and clicks through it as the person would, until the
 * page shows the result (or, with `web_redirect`, leaves for the redirect). Answers the choices made.
 */
export async function walkVerificationPage(page: PageLike, link: string, end: PageWalkEnd = 'successful'): Promise<string[]> {
  const choices: string[] = [];
  await page.goto(link);
  for (let pages = 0; pages < MOST_PAGES; pages++) {
    const choice = await nextChoice(page, end);
    if (choice) {
      await page.locator(button(choice)).first().click();
      await page.waitForLoadState();
      choices.push(choice);
      continue;
    }
    if (end !== 'successful' && !choices.includes(end.failed)) {
      throw new Error(`kyc-verify/testing: the verification page never offered ${end.failed} (016 needs metadata.fraud_check)`);
    }
    return choices;
  }
  throw new Error(`kyc-verify/testing: the verification page did not end in ${MOST_PAGES} pages (${choices.join(', ')})`);
}

/** The button to press on the page as it is, or null once there is none (the result). */
async function nextChoice(page: PageLike, end: PageWalkEnd): Promise<string | null> {
  const failing = end === 'successful' ? null : end.failed;
  // The failure wherever the page offers it; else the step passed, but never a document that a document problem is to fail.
  const passing =
    failing !== null && DOCUMENT_CODES.includes(failing) ? ['selfie_ok', 'challenge_ok'] : ['002', 'selfie_ok', 'challenge_ok'];
  for (const choice of failing === null ? passing : [failing, ...passing]) {
    if ((await page.locator(button(choice)).count()) > 0) return choice;
  }
  return null;
}
