// The demo page: <kyc-verify> imported as an npm user would (bundled by Vite), started with the chosen options.
import '../src/define.js';
import type { FeedEntry } from './feed.js';
import { KYC_EVENTS, logEntry } from './log.js';

const form = document.querySelector<HTMLFormElement>('#options')!;
const widget = document.querySelector<HTMLElement>('#widget')!;
const events = document.querySelector<HTMLOListElement>('#events')!;
const webhooks = document.querySelector<HTMLOListElement>('#webhooks')!;

const identities: { nin: string; name: string }[] = await (await fetch('/demo/identities')).json();
form.querySelector('#nin')!.replaceChildren(...identities.map(({ nin, name }) => new Option(`${name} (${nin})`, nin)));

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const chosen = new FormData(form);
  const session = new URLSearchParams();
  for (const name of ['nin', 'challenges', 'tries', 'expiration', 'full_update']) session.set(name, String(chosen.get(name) ?? ''));
  const kyc = document.createElement('kyc-verify');
  kyc.sessionUrl = `/kyc/session?${session}`;
  kyc.statusUrl = '/kyc/status/{uuid}';
  kyc.mode = chosen.get('mode') as typeof kyc.mode;
  kyc.lang = String(chosen.get('lang'));
  for (const type of KYC_EVENTS) kyc.addEventListener(type, (event) => logEntry(events, type, (event as CustomEvent).detail));
  events.replaceChildren();
  widget.replaceChildren(kyc);
});

new EventSource('/demo/feed').addEventListener('message', (message) => {
  const { kind, body, instance } = JSON.parse(message.data) as FeedEntry;
  logEntry(webhooks, kind, body, instance);
});
