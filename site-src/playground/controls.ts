/**
 * The playground's controls: the backend's options (what a host's backend decides: whose identity,
 * the tries, the link's life), a knob per attribute of the manifest, the page behind the element,
 * and an input per custom property and per part.
 */
import { html, type TemplateResult } from 'lit';
import type { ElementApi, Knob } from './element-api.data.js';

/** The options `demoRequest` reads (demo/verification-request.ts), with the values offered. */
export const BACKEND_OPTIONS: { name: string; label: string; choices: [value: string, label: string][] }[] = [
  {
    name: 'tries',
    label: 'Tries',
    choices: [
      ['1', '1 (each problem fails the verification)'],
      ['3', '3'],
    ],
  },
  {
    name: 'challenges',
    label: 'Liveness challenges',
    choices: [
      ['0', 'none'],
      ['1', '1'],
      ['2', '2'],
    ],
  },
  {
    name: 'expiration',
    label: 'The link expires after',
    choices: [
      ['600', '10 minutes'],
      ['60', '1 minute'],
    ],
  },
  {
    name: 'full_update',
    label: 'Webhooks',
    choices: [
      ['false', 'at the end'],
      ['true', 'at every step (webhook_full_update)'],
    ],
  },
  {
    name: 'fraud_check',
    label: 'Blacklist check',
    choices: [
      ['false', 'off'],
      ['true', 'on (the phone can fail it: 016)'],
    ],
  },
];

export const PAGES = [
  ['light', 'light'],
  ['dark', 'dark (color-scheme: dark)'],
  ['painted-dark', 'painted dark, no color-scheme'],
] as const;
export type PageLook = (typeof PAGES)[number][0];

export type AttributeValues = Record<string, string | boolean>;

export interface ControlsHandlers {
  backend(name: string, value: string): void;
  attribute(name: string, value: string | boolean): void;
  page(look: PageLook): void;
  customProperty(name: string, value: string): void;
  part(name: string, value: string): void;
}

const select = (
  id: string,
  label: string,
  value: string,
  choices: readonly (readonly [string, string])[],
  change: (value: string) => void,
) =>
  html`<label for=${id}>${label}</label>
    <select id=${id} @change=${(event: Event) => change((event.target as HTMLSelectElement).value)}>
      ${choices.map(([choice, text]) => html`<option value=${choice} ?selected=${choice === value}>${text}</option>`)}
    </select>`;

export function backendControls(api: ElementApi, options: URLSearchParams, on: ControlsHandlers): TemplateResult {
  const identities = api.identities.map(({ nin, name }) => [nin, `${name} (${nin})`] as const);
  return html`<div class="grid">
    ${select('backend-nin', 'Test identity', options.get('nin') ?? '', identities, (value) => on.backend('nin', value))}
    ${BACKEND_OPTIONS.map(({ name, label, choices }) => select(`backend-${name}`, label, options.get(name) ?? '', choices, (value) => on.backend(name, value)))}
  </div>`;
}

function knob(knob: Knob, value: string | boolean | undefined, on: ControlsHandlers): TemplateResult {
  const id = `attribute-${knob.attribute}`;
  const described = `${id}-description`;
  const description = html`<p class="description" id=${described}>${knob.description}</p>`;
  if (knob.kind === 'boolean') {
    return html`<div class="knob check">
      <input
        type="checkbox"
        id=${id}
        aria-describedby=${described}
        .checked=${value === true}
        @change=${(event: Event) => on.attribute(knob.attribute, (event.target as HTMLInputElement).checked)}
      />
      <label for=${id}><code>${knob.attribute}</code></label
      >${description}
    </div>`;
  }
  const change = (event: Event) => on.attribute(knob.attribute, (event.target as HTMLInputElement | HTMLSelectElement).value);
  const control =
    knob.kind === 'choice'
      ? html`<select id=${id} aria-describedby=${described} @change=${change}>
          <option value="" ?selected=${!value}>(not set${knob.placeholder ? `: ${knob.placeholder}` : ''})</option>
          ${knob.choices.map((choice) => html`<option value=${choice.value} ?selected=${choice.value === value}>${choice.label}</option>`)}
        </select>`
      : html`<input
          id=${id}
          aria-describedby=${described}
          type=${knob.kind === 'number' ? 'number' : 'text'}
          .value=${typeof value === 'string' ? value : ''}
          placeholder=${knob.placeholder}
          @change=${change}
        />`;
  return html`<div class="knob">
    <label for=${id}><code>${knob.attribute}</code></label
    >${control}${description}
  </div>`;
}

export function attributeControls(api: ElementApi, values: AttributeValues, on: ControlsHandlers): TemplateResult {
  return html`${api.knobs.map((each) => knob(each, values[each.attribute], on))}`;
}

export function styleControls(
  api: ElementApi,
  page: PageLook,
  properties: Record<string, string>,
  parts: Record<string, string>,
  on: ControlsHandlers,
) {
  const field = (id: string, name: string, description: string, value: string, placeholder: string, change: (value: string) => void) =>
    html`<div class="knob">
      <label for=${id}><code>${name}</code></label>
      <input
        id=${id}
        type="text"
        .value=${value}
        placeholder=${placeholder}
        aria-describedby=${`${id}-description`}
        @change=${(event: Event) => change((event.target as HTMLInputElement).value)}
      />
      <p class="description" id=${`${id}-description`}>${description}</p>
    </div>`;
  return html`${select('page-look', 'The page behind the element', page, PAGES, (value) => on.page(value as PageLook))}
    <h4>Custom properties</h4>
    ${api.customProperties.map(({ name, description }) =>
      field(`property${name}`, name, description, properties[name] ?? '', 'the default', (value) => on.customProperty(name, value)),
    )}
    <h4>
      Parts <small>(declarations, e.g. <code>border-radius: 999px</code>)</small>
    </h4>
    ${api.parts.map(({ name, description }) =>
      field(`part-${name}`, `::part(${name})`, description, parts[name] ?? '', '', (value) => on.part(name, value)),
    )}`;
}
