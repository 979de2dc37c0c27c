import { lazyChunk } from '../lazy-chunk.js';
import { es } from './es.js';

/**
 * Every string the element shows. `{time}` in `timeLeft`, `timeDocument` and `timeSelfie` is
 * replaced by the time left, `{tries}` in `triesLeft` by the tries left.
 */
export interface KycVerifyStrings {
  /** The heading over the QR code. */
  scanTitle: string;
  qrLabel: string;
  openHere: string;
  openButton: string;
  /** The description of both links: they open the verification in a new tab. */
  newTab: string;
  copyLink: string;
  linkCopied: string;
  copyFailed: string;
  /** The time left before the link expires, named as the link's (the capture step's timers are named as theirs). */
  timeLeft: string;
  preparing: string;
  /** Waiting, beside a QR code: the end user is at a computer. */
  waiting: string;
  /** Waiting, beside the button alone: the end user may already be on the phone. */
  waitingHere: string;
  documentCaptured: string;
  /**
   * The same, when the transaction asks for liveness challenges: true before the selfie and during
   * the challenges alike (the status cannot tell them apart), so the desktop never asks for a selfie
   * the phone has already taken.
   */
  documentCapturedLiveness: string;
  triesLeft: string;
  checking: string;
  /** The title of the phone's progress, which replaces the QR code once the phone has started. */
  continueOnPhone: string;
  stepDocument: string;
  /** The selfie step when the transaction asks for liveness challenges (`stepSelfieOnly` otherwise). */
  stepSelfie: string;
  stepChecking: string;
  /** What each step's mark means, for assistive technology. */
  markDone: string;
  markCurrent: string;
  markProblem: string;
  markTodo: string;
  /** The toggle that shows the QR code again, for another phone, and hides it. */
  showCode: string;
  successful: string;
  /** Continue's label while it waits after success (`continue-delay`). */
  saving: string;
  continue: string;
  failed: string;
  expired: string;
  /**
   * Why a try failed, and what to do next: under a failed result, and after a problem on the
   * phone. Document problems (codes 004, 006 to 011), the RUT on the card not the one verified
   * (005), the RUT on the card's front not the one on its back (003), the selfie not matching the
   * card (014), the selfie's score too low (015), and any other failure.
   */
  reasonDocument: string;
  reasonRut: string;
  reasonRutSides: string;
  reasonFace: string;
  reasonScore: string;
  reasonOther: string;
  /** Why the verification expired: a capture step left idle past its timer, or the link's expiry. */
  reasonIdle: string;
  reasonLink: string;
  /** Status answers fail for now: the element retries, and the verification goes on. */
  reconnecting: string;
  /**
   * Final errors: the session could not be created; the status can no longer be read once the
   * phone has started; the page's configuration (neutral: the developer reads the cause in the console).
   */
  errorStart: string;
  errorLost: string;
  errorSetup: string;
  /** The capture step's time left, when its timer ends before the link: the document's, the selfie's. */
  timeDocument: string;
  timeSelfie: string;
  /** The backend answered 401 or 403: the person's login ended. */
  errorLogin: string;
  /** The status can no longer be read, before the phone started: no advice about a phone. */
  errorStopped: string;
  /** The selfie step without liveness challenges. */
  stepSelfieOnly: string;
  /**
   * The backend asks to wait (429: too many verifications under way or begun): calm, not an error.
   * Try again shows once the wait it asked for has passed.
   */
  busy: string;
  tryAgain: string;
  /** The phone opened the backend's short link, before any step: the person continues there. */
  phoneConnected: string;
  /** The short link was opened on another device too (docs/host-protocol.md `handoff`). */
  otherDevice: string;
  /** Under the QR code, with the backend's short link: `{url}` (without https://), then `{code}`, are replaced. */
  cantScan: string;
  /** After a configuration error, the next step the end user can take: the page's own (a support address) replaces it. */
  reasonSetup: string;
  /** The link to log in again after a 401 or 403, where `login-url` leads. */
  logIn: string;
  /** What the end user will need, shown with the link (`no-preparation` leaves it out). */
  preparation: string;
  /**
   * Sending the link, when the backend offers it: the buttons, where it was sent (`{to}`, masked by
   * the backend), the wait before a resend (`{time}`), and a send that failed.
   */
  sendEmail: string;
  sendSms: string;
  linkSent: string;
  resendIn: string;
  sendFailed: string;
}

/** The strings of sending the link, which its chunk holds for every language (send-strings.ts). */
export type SendStrings = Pick<KycVerifyStrings, 'sendEmail' | 'sendSms' | 'linkSent' | 'resendIn' | 'sendFailed'>;
/** The strings of one language's chunk: all but sending the link's. */
export type LocaleStrings = Omit<KycVerifyStrings, keyof SendStrings>;
/** What the element shows: a language's strings with the page's replacements over them, sending's among them. */
export type ShownStrings = LocaleStrings & Partial<SendStrings>;

/** Spanish is built in; the other languages are chunks of their own, loaded when a page asks for them. */
const inLanguage = (load: () => Promise<LocaleStrings>, language: string) =>
  lazyChunk(load, es, `kyc-verify.${language}.js`, 'showing Spanish');
const CHUNKS: Record<string, (loaded: () => void) => LocaleStrings | undefined> = {
  es: () => es,
  en: inLanguage(() => import('./en.js').then((module) => module.en), 'en'),
  'pt-BR': inLanguage(() => import('./pt-BR.js').then((module) => module.ptBR), 'pt-BR'),
};
/** The built-in language for each primary tag: Portuguese is Brazil's. */
const BY_PRIMARY: Record<string, string> = { es: 'es', en: 'en', pt: 'pt-BR' };

/** The built-in language of `tag`'s primary subtag (`pt-PT` and `pt` are `pt-BR`), if any. */
const builtInOf = (tag: string): string | undefined => BY_PRIMARY[tag.split('-')[0]!.toLowerCase()];

/** The built-in language of the first of `tags` that has one; Spanish when none has. */
export const builtInLanguage = (tags: readonly string[]): string => tags.map(builtInOf).find(Boolean) ?? 'es';

/** The last language asked for that is not built in, said in the console: once, not at every render. */
let noted = '';

/**
 * The built-in language for `element`: the nearest `lang` attribute, then the browser's
 * languages, the first one built in; Spanish when none is. A `lang` it does not have is said once
 * in the console, with the language shown instead: the page asked for it, and may not know.
 */
export function languageOf(element: HTMLElement): string {
  // The property first: it is ahead of the attribute while an update that reflects it is under way.
  const asked = element.lang || element.closest('[lang]')?.getAttribute('lang') || '';
  const language = builtInLanguage([asked, ...navigator.languages]);
  if (asked && !builtInOf(asked) && noted !== asked)
    console.warn(`<kyc-verify> lang: ${(noted = asked)} is not built in; showing ${language}`);
  return language;
}

/**
 * The strings of `language` with the page's replacements over them, or `null` while its chunk
 * loads: `loaded` is called once it is here. A chunk that cannot load (only the bundle copied)
 * leaves Spanish in its place, with one warning that names the file.
 */
export function stringsFor(language: string, overrides: Partial<KycVerifyStrings>, loaded: () => void): ShownStrings | null {
  const strings = CHUNKS[language]!(loaded);
  return strings ? { ...strings, ...overrides } : null;
}
