import { ElementRenderer, render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { readSession } from '../element/controllers/read-session.js';
import { deadlineOf, secondsOf } from '../element/controllers/countdown.js';
import type { KycVerifyMode } from '../element/kyc-verify.js';
import { en } from '../element/locales/en.js';
import { es } from '../element/locales/es.js';
import { builtInLanguage, type KycVerifyStrings, type LocaleStrings } from '../element/locales/localize.js';
import { ptBR } from '../element/locales/pt-BR.js';
import { initialState, reduce, type Setup } from '../element/machine/machine.js';
import { outcomeOf } from '../element/machine/outcome.js';
import { renderView } from '../element/view/kyc-verify.view.js';
import { qrPath, type QrPath } from '../element/view/qr-path.js';
import { styles } from '../element/view/styles/styles.js';
import type { PreparedSession } from '../server/handlers/prepare.js';
import { NO_SCRIPT_STYLE, RELOAD_FOR_RESULT } from './no-script.js';

const LANGUAGES: Record<string, LocaleStrings> = { es, en, 'pt-BR': ptBR };

/** How the page shows the element: the attributes it would have, and the replacements of its words. */
export interface RenderOptions {
  /** The element's `mode` (default `auto`: the QR code and the button are both drawn, and CSS shows the one the screen wants). */
  mode?: KycVerifyMode;
  /** The element's `lang` (default `es`): the words of the render, and of the element once its script runs. */
  lang?: string;
  /** Replacements for any visible string, as the element's `strings` property takes them (set the same on the element). */
  strings?: Partial<KycVerifyStrings>;
  /** The element's `status-url`, when the status is not followed at `<session-url>/{uuid}` (nor where the kit's `statusUrl` says). */
  statusUrl?: string;
  /** The element's `no-preparation`. */
  noPreparation?: boolean;
  /** The element's `login-url`. */
  loginUrl?: string;
  /** A nonce for the render's `<style>`, for a page whose Content-Security-Policy allows inline styles only by nonce. */
  nonce?: string;
}

/** The element's styles, by job (styles/styles.ts), as one stylesheet, and what a page without scripts does not show. */
const STYLE_TEXT = styles.map((sheet) => sheet.cssText).join('') + NO_SCRIPT_STYLE;

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside `<script>`: no `</script>` or `<!--` can end or bend it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** Lit's hydration markers: the element renders afresh over the server's render, so they are only bytes here. */
const LIT_MARKERS = /<!--\/?lit-(?:part|node)[^>]*-->|<\?(?:lit\$\d+\$)?>/g;

/**
 * `<kyc-verify>` as the page's HTML carries it (docs/element.md, "Prepared by the server"): the
 * element's own view of the prepared session (the link as a button and the QR code as an inline SVG,
 * the typed code, the timer, the status line), rendered by Lit's server renderer into a declarative
 * shadow root with the element's styles, so that the browser paints it from the HTML alone; the
 * session itself, for the element to follow once its script runs, with no session request; and
 * for a page without scripts, how to see the result. Without a prepared session, the element that
 * asks for it itself.
 */
export function renderKycVerify(prepared: PreparedSession, options: RenderOptions = {}): string {
  const mode = options.mode ?? 'auto';
  const language = builtInLanguage([options.lang ?? 'es']);
  const attributes = [
    ['session-url', prepared.sessionUrl],
    ['status-url', options.statusUrl ?? null],
    ['mode', mode],
    ['lang', language],
    ['no-preparation', options.noPreparation ? '' : null],
    ['login-url', options.loginUrl ?? null],
  ] as const;
  const open = `<kyc-verify${attributes.map(([name, value]) => (value === null ? '' : ` ${name}="${escapeText(value)}"`)).join('')}>`;
  if (!prepared.session) return `${open}</kyc-verify>`;
  const strings = { ...LANGUAGES[language]!, ...options.strings };
  // Rendered as <kyc-verify>'s shadow content (its <slot> belongs to it), by a renderer of that host.
  const host = new ShadowOfKycVerify('kyc-verify');
  const shadow = collectResultSync(render(viewOf(prepared, mode, strings, options), { customElementHostStack: [host] })).replace(
    LIT_MARKERS,
    '',
  );
  const nonce = options.nonce ? ` nonce="${escapeText(options.nonce)}"` : '';
  return (
    `${open}<template shadowrootmode="open"><style${nonce}>${STYLE_TEXT}</style>` +
    `<script type="application/json">${scriptJson(prepared.session)}</script>${shadow}` +
    `<noscript><p class="note">${escapeText(RELOAD_FOR_RESULT[language]!)}</p></noscript></template></kyc-verify>`
  );
}

/** The host whose shadow content the view is: no element of its own is rendered here, only its content. */
class ShadowOfKycVerify extends ElementRenderer {}

/** The element's view as its first render after the upgrade will draw it: the machine and the view of the element itself. */
function viewOf(prepared: PreparedSession, mode: KycVerifyMode, strings: LocaleStrings, options: RenderOptions) {
  // The page's URL is not known here: the session's link is absolute, and nothing else drawn depends on it.
  const base = new URL(prepared.sessionUrl, 'https://page.invalid/').href;
  const setup: Setup = {
    transaction: '',
    sessionUrl: prepared.sessionUrl,
    statusUrl: '',
    verificationUrl: '',
    link: '',
    defer: false,
    noStream: false,
    continueDelay: 0,
    base,
  };
  const answer = readSession(prepared.session, new URL(base));
  const machine = reduce(initialState(setup), { type: 'prepared', answer, setup }).state;
  const drawn = new Map<string, QrPath | null>();
  const qrCodeOf = (link: string) => {
    if (!drawn.has(link)) drawn.set(link, qrOrNull(link));
    return drawn.get(link);
  };
  return renderView(
    {
      strings,
      mode,
      buttonOnly: mode === 'button',
      machine,
      outcome: outcomeOf(machine),
      copyNote: null,
      // As the element's first render: an offer to send holds its row's place, unseen, until the send buttons load.
      send: machine.status?.send?.length ? undefined : null,
      remaining: secondsOf(deadlineOf(machine.status ?? { expires_at: answer.expiresAt }) - Date.now()),
      announced: null,
      preparation: !options.noPreparation,
      loginUrl: options.loginUrl ?? '',
      qrCodeOf,
      // The live region starts empty: the element, once its script runs, says what there is to say.
      spoken: '',
    },
    { copy() {}, continue() {}, startAgain() {}, startOver() {} },
  );
}

/** A link too long for any QR code gets the button alone, as in the browser. */
function qrOrNull(link: string): QrPath | null {
  try {
    return qrPath(link);
  } catch {
    return null;
  }
}
