/** The rules of the host protocol the checker judges, in the order it reports them, each with why it matters. */

export const RULES = {
  sessionCreates: {
    name: 'session: a POST with kyc-verify-session: resume answers 201 or 200 with uuid, link and the status fields',
    why: 'the element shows the link and follows the uuid it is given',
  },
  statusFollowed: {
    name: 'status: the URL the element follows (the page\u2019s status-url, else the session answer\u2019s status_url, else <session-url>/{uuid}) answers the owner',
    why: 'that URL is where the element goes: one that answers 404 shows the person "La verificación no está disponible en esta página por ahora." however well the rest works',
  },
  sessionResumes: {
    name: "session: resume answers 200 with the owner's pending transaction",
    why: 'a reload or a second tab would otherwise start (and bill) another verification while one is under way',
  },
  sessionNew: {
    name: 'session: new answers 201 with another transaction after the first ended',
    why: '"Try again" after a failure or an expiry sends new: it needs a fresh transaction',
  },
  sessionNeedsHeader: {
    name: 'session: a POST without kyc-verify-session is refused with 403',
    why:
      'without the header any page can make a logged-in visitor\u2019s browser create transactions with a plain form POST ' +
      '(cross-site request forgery: verifications billed to you, started for your user by someone else)',
  },
  sessionRefusesCrossSite: {
    name: 'session: a cross-site POST (foreign Origin, Sec-Fetch-Site: cross-site) is refused with 403',
    why:
      'a hostile site could otherwise start verifications in your visitors\u2019 names and read their links; ' +
      'refuse a foreign Origin and Sec-Fetch-Site cross-site or same-site unless you allow-listed that origin',
  },
  statusShape: {
    name: 'status: answers the status object of a pending transaction to its owner',
    why: 'the element reads uuid, state, step, code, issue_description, expires_at and updated_at',
  },
  statusStranger: {
    name: 'status: answers 404 to a stranger (no cookies, or another visitor\u2019s)',
    why: 'a uuid seen in a link or a log must not tell anyone else how a person\u2019s verification went',
  },
  statusUnknown: {
    name: 'status: answers 404 for an unknown uuid',
    why: 'the element takes 404 as final; anything else makes it retry forever',
  },
  statusSuccessful: {
    name: 'status: follows a transaction to successful',
    why:
      'the element shows what the status says: the state from spec §3\u2019s booleans (active=false, complete=true, failed=false ' +
      'is successful), step, code and issue_description as the service has them, expires_at = created_at + expiration',
  },
  statusFailed: {
    name: 'status: follows a transaction to failed',
    why: 'active=false, complete=false, failed=true is failed; a host that reads only active and complete shows a failure as an expiry',
  },
  statusExpired: {
    name: 'status: follows a transaction to expired',
    why: 'all three booleans false is expired, with step and code time_out; the element offers to start again',
  },
  noPersonalData: {
    name: 'privacy: no personal data in any answer',
    why: 'the browser never needs the nin (RUT), names, birth date, document number, metadata or scores; they leak through logs and extensions',
  },
  privateCaching: {
    name: 'caching: session and status answers are private and revalidated (Cache-Control)',
    why: 'a shared cache (CDN, proxy) could otherwise serve one person\u2019s status to another, or a stale state to the poller',
  },
  etag: {
    name: 'caching: If-None-Match with the status ETag answers 304',
    why: 'polls every second or two cost a body each; a host that gives ETags must honour them',
  },
  stream: {
    name: 'stream: a host that says "stream": true answers Accept: text/event-stream with status events carrying the status object',
    why: 'the element opens the stream only once an answer says "stream": true, then reads `event: status` whose data is the status object; a host that does not say it is never asked',
  },
  sendGuarded: {
    name: 'send: a host that says "send" refuses a send for a stranger (404), and one without kyc-verify-session or cross-site (403)',
    why:
      'the send POST makes the host write to a person: a stranger or a hostile page must not make it mail or text anyone; ' +
      'these checks send nothing to a host that refuses them',
  },
  handoffShortLink: {
    name: 'handoff: a host that advertises a short link (typed_code) leads a phone from it to the service\u2019s page by its own redirects, its link carries 128 bits or more, its device cookie is HttpOnly with attributes of its own, and its status then says handoff',
    why:
      'the desktop shows "phone connected" only from the status; a page in between delays the phone, a link under the wrong path (a mount that hides it) answers 404 on every phone, ' +
      'a guessable link hands a person\u2019s verification to whoever finds it, and an unknown link must answer 404, never another transaction',
  },
  handoffScanners: {
    name: 'handoff: a HEAD, a mail scanner\u2019s fetch and a link previewer of the short link are no device: the status says no handoff after them, and one device after the phone',
    why: 'mail scanners and chat previews fetch every link sent: counted as the first device, the person\u2019s own phone is refused or warned about as a second one',
  },
  handoffTypedCode: {
    name: 'handoff: its typed-code page is a labelled POST form (text/html, lang, CSP) whose right code reaches the service\u2019s page under the page\u2019s own form-action, refuses a wrong code, and refuses a form posted from another site',
    why:
      'people who cannot scan type the code on their phone: a form-action that blocks the redirect leaves them on the form while the desktop says "phone connected"; ' +
      'a form another site can post sends a visitor into someone else\u2019s verification',
  },
  handoffGuessing: {
    name: 'handoff: typed codes that answer nothing are refused (429) after a bounded number, whoever sends them',
    why: 'a short code is guessable: without a bound on misses for the whole site (not per address: a guesser rotates them), a script finds live codes within seconds',
  },
  webhooks: {
    name: 'webhooks: every delivery of the service is answered 2xx',
    why: 'the service never retries an answered delivery (spec §6): a 4xx or 5xx loses the news; and no webhook at all leaves results to polling',
  },
} as const;

export type RuleId = keyof typeof RULES;

export interface Verdict {
  rule: RuleId;
  name: string;
  passed: boolean;
  /** On failure, what was seen against what was expected; on a pass, an optional note ("no stream offered"). */
  detail?: string;
  why: string;
}

/** What a run found: a verdict per rule, or the verdicts given before it had to stop, and why it stopped, in one actionable line. */
export interface Findings {
  verdicts: Verdict[];
  stopped?: string;
}

/** The verdicts of one run; a rule given none is reported failed, "not checked". */
export class Verdicts {
  readonly #given = new Map<RuleId, { passed: boolean; detail?: string }>();
  #stopped: string | undefined;

  /** Stops the run: `why` says what to do, and no other rule is reported. */
  stop(why: string): void {
    this.#stopped = why;
  }

  get stopped(): boolean {
    return this.#stopped !== undefined;
  }

  pass(rule: RuleId, note?: string): void {
    this.#given.set(rule, { passed: true, ...(note && { detail: note }) });
  }

  fail(rule: RuleId, detail: string): void {
    this.#given.set(rule, { passed: false, detail });
  }

  /** Passes `rule` when `problems` is empty, else fails it with them. */
  judge(rule: RuleId, problems: string[], note?: string): void {
    if (problems.length) this.fail(rule, problems.join('; '));
    else this.pass(rule, note);
  }

  has(rule: RuleId): boolean {
    return this.#given.has(rule);
  }

  findings(): Findings {
    const rules = (Object.keys(RULES) as RuleId[]).filter((rule) => !this.#stopped || this.#given.has(rule));
    const verdicts = rules.map((rule) => {
      const given = this.#given.get(rule) ?? { passed: false, detail: 'not checked: an earlier step failed' };
      return { rule, name: RULES[rule].name, why: RULES[rule].why, ...given };
    });
    return this.#stopped ? { verdicts, stopped: this.#stopped } : { verdicts };
  }
}
