/**
 * `<kyc-playground>`: the element, live, with a knob per attribute, the page behind it, its custom
 * properties and parts, a log of its DOM events and of what the backend saw, and the code to copy.
 * Its backend is the real kit and the real sandbox, in this browser's Service Worker (backend.ts).
 */
import { html, LitElement, type PropertyValues } from 'lit';
import type { BackendEntry } from '../worker/messages.js';
import { connectBackend, type Backend } from './backend.js';
import {
  attributeControls,
  backendControls,
  styleControls,
  type AttributeValues,
  type ControlsHandlers,
  type PageLook,
} from './controls.js';
import { data as api } from './element-api.data.js';
import { playgroundStyles } from './playground.styles.js';
import { SNIPPETS, stylesheet, type Framework } from './snippets.js';

interface LogEntry {
  id: number;
  at: string;
  source: 'DOM event' | 'backend' | 'playground';
  name: string;
  detail: string;
}

/** Where the in-browser backend's session handler is, from the playground's page (the worker's scope). */
const SESSION_URL = 'kyc/session';

const BACKEND_ENTRY_NAMES: Record<BackendEntry['kind'], string> = {
  session: 'session answered',
  webhook: 'webhook received',
  result: 'onResult',
  handoff: 'onHandoff',
  sent: 'link sent',
  error: 'error',
};

export class KycPlayground extends LitElement {
  static override styles = playgroundStyles;
  static override properties = {
    status: { state: true },
    values: { state: true },
    options: { state: true },
    page: { state: true },
    properties: { state: true },
    parts: { state: true },
    log: { state: true },
    phoneLink: { state: true },
    framework: { state: true },
    copied: { state: true },
  };

  status = 'Starting the in-browser backend (a Service Worker)…';
  values: AttributeValues = { 'session-url': SESSION_URL };
  options = new URLSearchParams({ nin: api.identities[0]?.nin ?? '', tries: '1', challenges: '0', expiration: '600' });
  page: PageLook = 'light';
  properties: Record<string, string> = {};
  parts: Record<string, string> = {};
  log: LogEntry[] = [];
  phoneLink: string | null = null;
  framework: Framework = 'html';
  copied = false;
  #backend: Backend | null = null;
  #element: HTMLElement | null = null;
  #nextId = 1;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#connect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#backend?.close();
  }

  async #connect() {
    try {
      // The element's definition and the words of the site's language load while the worker installs:
      // on a slow phone each is a round trip, taken beside the worker's rather than after it.
      const [backend] = await Promise.all([
        connectBackend(new URL('sw.js', location.href), {
          entry: (entry) => this.#backendEntry(entry),
          restarted: () => this.#restarted(),
        }),
        import('../../src/define.js'),
        import('../../src/element/locales/en.js'),
      ]);
      this.#backend = backend;
      await backend.useOptions(this.options.toString());
      this.status = 'Ready: the element, the kit and the sandbox all run in this page.';
      this.#putElement();
    } catch (error) {
      this.status = `The in-browser backend could not start: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /** A new element, as configured, in place of the one shown (and its transaction). */
  #putElement() {
    const stage = this.renderRoot.querySelector('.stage');
    if (!stage) return;
    this.#element?.remove();
    this.#element = document.createElement(api.tagName);
    this.#applyAttributes();
    for (const event of api.events) {
      this.#element.addEventListener(event, (fired) => {
        this.#append('DOM event', event, JSON.stringify((fired as CustomEvent).detail));
        if (event === 'kyc-error') void this.#backend?.check();
      });
    }
    stage.append(this.#element);
  }

  #applyAttributes() {
    for (const { attribute } of api.knobs) {
      const value = this.values[attribute];
      if (value === undefined || value === false || value === '') this.#element?.removeAttribute(attribute);
      else this.#element?.setAttribute(attribute, value === true ? '' : value);
    }
  }

  #append(source: LogEntry['source'], name: string, detail: string) {
    this.log = [...this.log, { id: this.#nextId++, at: new Date().toLocaleTimeString('en-GB'), source, name, detail }];
  }

  #backendEntry(entry: BackendEntry) {
    if (entry.kind === 'session') {
      const link = (entry.body as { link?: string } | null)?.link;
      if (link) this.phoneLink = link;
    }
    this.#append('backend', BACKEND_ENTRY_NAMES[entry.kind], typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body));
  }

  #restarted() {
    this.#append(
      'playground',
      'started over',
      'The browser stopped the Service Worker that ran the kit and the sandbox, and started a new one: their memory, and the verification under way with it, is gone. The element was put back: start a new verification.',
    );
    this.phoneLink = null;
    this.#putElement();
  }

  readonly #on: ControlsHandlers = {
    backend: (name, value) => {
      this.options = new URLSearchParams({ ...Object.fromEntries(this.options), [name]: value });
      void this.#backend?.useOptions(this.options.toString());
    },
    attribute: (name, value) => {
      this.values = { ...this.values, [name]: value };
      this.#applyAttributes();
    },
    page: (look) => (this.page = look),
    customProperty: (name, value) => (this.properties = { ...this.properties, [name]: value }),
    part: (name, value) => (this.parts = { ...this.parts, [name]: value }),
  };

  #start() {
    this.phoneLink = null;
    (this.#element as (HTMLElement & { start(options: { new: boolean }): void }) | null)?.start({ new: true });
  }

  async #moveClock(seconds: number) {
    const answer = await fetch('service/sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: seconds }),
    });
    this.#append(
      'playground',
      'sandbox clock',
      `moved ${seconds} s forward: ${answer.status === 200 ? (await answer.json()).now : answer.status}`,
    );
  }

  get #css() {
    return stylesheet(api.tagName, this.properties, this.parts);
  }

  get #code() {
    const attributes = api.knobs.flatMap(({ attribute }) => {
      const value = this.values[attribute];
      return value === undefined || value === false || value === '' ? [] : [[attribute, value] as [string, string | true]];
    });
    return SNIPPETS[this.framework].write({ tagName: api.tagName, attributes, css: this.#css, events: api.events });
  }

  async #copy() {
    await navigator.clipboard.writeText(this.#code);
    this.copied = true;
    setTimeout(() => (this.copied = false), 2000);
  }

  /** The stylesheet of custom properties and parts, applied to the element as the code says. */
  readonly #sheet = new CSSStyleSheet();

  protected override firstUpdated(): void {
    const root = this.renderRoot as ShadowRoot;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.#sheet];
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('properties') || changed.has('parts')) this.#sheet.replaceSync(this.#css);
    // The log shows its newest entry by scrolling itself, never the page: on a phone the page stays where its reader is.
    const log = changed.has('log') ? this.renderRoot.querySelector('.log') : null;
    if (log) log.scrollTop = log.scrollHeight;
  }

  override render() {
    return html`<p class="status" role="status">${this.status}</p>
      <div class="layout">
        <section class="controls" aria-labelledby="backend-heading">
          <h3 id="backend-heading">The backend</h3>
          <p class="description">What your server decides, here in this browser: the kit creates each transaction with these options.</p>
          ${backendControls(api, this.options, this.#on)}
          <div class="actions">
            <button class="primary" @click=${() => this.#start()}>Start a new verification</button>
            <button @click=${() => this.#moveClock(150)}>Skip 2½ minutes (a step's timer)</button>
            <button @click=${() => this.#moveClock(660)}>Skip 11 minutes (the link's life)</button>
            <a href="service/sandbox" target="_blank">The sandbox's controls (webhook faults)</a>
          </div>
          <h3>Attributes</h3>
          ${attributeControls(api, this.values, this.#on)}
          <h3>Style</h3>
          ${styleControls(api, this.page, this.properties, this.parts, this.#on)}
        </section>
        <div class="preview">
          <section aria-label="The element" class="stage ${this.page}"></section>
          <section class="phone" aria-labelledby="phone-heading">
            <h3 id="phone-heading">The phone</h3>
            ${
              this.phoneLink
                ? html`<p>
                      The link the element shows (its QR code):
                      <a href=${this.phoneLink} target="phone">open it in the phone below</a>, or
                      <a href=${this.phoneLink} target="_blank">in a new tab</a>.
                    </p>
                    <iframe name="phone" title="The phone: the sandbox's verification page"></iframe>`
                : html`<p>Start a verification: its link opens here, as on a phone.</p>`
            }
          </section>
        </div>
      </div>
      <section aria-labelledby="log-heading">
        <h3 id="log-heading">Event log <button @click=${() => (this.log = [])}>Clear the log</button></h3>
        <div class="log" role="log" aria-label="DOM events and what the backend saw">
          <ol>
            ${this.log.map(
              (entry) =>
                html`<li data-source=${entry.source} data-name=${entry.name}>
                  <time>${entry.at}</time> <span class="source">${entry.source}</span> <code>${entry.name}</code>
                  <span class="detail">${entry.detail}</span>
                </li>`,
            )}
          </ol>
        </div>
      </section>
      <section aria-labelledby="code-heading">
        <h3 id="code-heading">The code for what is shown</h3>
        <div class="tabs" role="group" aria-label="Language">
          ${(Object.keys(SNIPPETS) as Framework[]).map(
            (framework) =>
              html`<button aria-pressed=${framework === this.framework} @click=${() => (this.framework = framework)}>
                ${SNIPPETS[framework].label}
              </button>`,
          )}
          <button class="copy" @click=${() => this.#copy()}>${this.copied ? 'Copied' : 'Copy'}</button>
        </div>
        <pre class="code" tabindex="0" aria-label=${`${SNIPPETS[this.framework].label} code`}><code>${this.#code}</code></pre>
      </section>`;
  }
}

customElements.define('kyc-playground', KycPlayground);
