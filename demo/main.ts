// The demo page: <kyc-verify> imported as an npm user would (bundled by Vite), started with the chosen options.
import '../src/define.js';
import type { FeedEntry } from './feed.js';
import { KYC_EVENTS, logEntry } from './log.js';
import { followFunnel } from './funnel-panel.js';

const form = document.querySelector<HTMLFormElement>('#options')!;
const widget = document.querySelector<HTMLElement>('#widget')!;
const events = document.querySelector<HTMLOListElement>('#events')!;
const webhooks = document.querySelector<HTMLOListElement>('#webhooks')!;
const mailbox = document.querySelector<HTMLOListElement>('#mailbox')!;

const identities: { nin: string; name: string }[] = await (await fetch('/demo/identities')).json();
form.querySelector('#nin')!.replaceChildren(...identities.map(({ nin, name }) => new Option(`${name} (${nin})`, nin)));

/** The options of the verification under way in this tab, so that a reload resumes it (sessionStorage: the nin stays out of URLs and history). */
const CHOSEN_KEY = 'kyc-demo-chosen';

function start(chosen: URLSearchParams): void {
  const session = new URLSearchParams();
  for (const name of ['nin', 'challenges', 'tries', 'expiration', 'full_update']) session.set(name, chosen.get(name) ?? '');
  const kyc = document.createElement('kyc-verify');
  kyc.sessionUrl = `/kyc/session?${session}`;
  kyc.statusUrl = '/kyc/status/{uuid}';
  kyc.mode = chosen.get('mode') as typeof kyc.mode;
  kyc.lang = chosen.get('lang') ?? '';
  for (const type of KYC_EVENTS) kyc.addEventListener(type, (event) => logEntry(events, type, (event as CustomEvent).detail));
  events.replaceChildren();
  widget.replaceChildren(kyc);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const chosen = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  sessionStorage.setItem(CHOSEN_KEY, String(chosen));
  start(chosen);
});

// A reload shows the verification under way again: the host resumes the visitor's transaction of these options.
const resumed = sessionStorage.getItem(CHOSEN_KEY);
if (resumed !== null) {
  const chosen = new URLSearchParams(resumed);
  for (const [name, value] of chosen) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLSelectElement) field.value = value;
    else if (field instanceof HTMLInputElement) field.checked = value === field.value;
  }
  start(chosen);
}

/** One message of the mailbox or the outbox: whom it went to, and its link to follow. */
function deliveredEntry(kind: 'mail' | 'sms', body: { to: string | string[]; subject?: string; text: string }): void {
  const item = document.createElement('li');
  item.dataset.name = kind;
  const heading = document.createElement('strong');
  heading.textContent = `${kind === 'mail' ? 'E-mail' : 'SMS'} to ${[body.to].flat().join(', ')}`;
  const text = document.createElement('pre');
  text.textContent = body.subject ? `${body.subject}\n\n${body.text}` : body.text;
  item.append(heading, text);
  const link = /https?:\/\/\S+/.exec(body.text)?.[0];
  if (link) {
    const anchor = Object.assign(document.createElement('a'), { href: link, textContent: link, target: '_blank', rel: 'noopener' });
    item.append('Link: ', anchor);
  }
  mailbox.append(item);
}

followFunnel(document.querySelector<SVGSVGElement>('#funnel')!, document.querySelector<SVGSVGElement>('#ends')!);

new EventSource('/demo/feed').addEventListener('message', (message) => {
  const { kind, body, instance } = JSON.parse(message.data) as FeedEntry;
  if (kind === 'mail' || kind === 'sms') deliveredEntry(kind, body as Parameters<typeof deliveredEntry>[1]);
  else logEntry(webhooks, kind, body, instance);
});
