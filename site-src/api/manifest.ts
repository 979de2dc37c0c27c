/** The custom elements manifest (custom-elements.json), as much of its schema as the site reads, and what the site asks of it. */

export interface Described {
  name: string;
  description?: string;
  summary?: string;
}
export interface Typed extends Described {
  type?: { text: string };
  default?: string;
}
export interface Member extends Typed {
  kind: 'field' | 'method';
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
  parameters?: Typed[];
  return?: { type?: { text: string } };
  attribute?: string;
}
export interface Attribute extends Typed {
  fieldName?: string;
}
export interface Declaration extends Typed {
  kind: string;
  tagName?: string;
  attributes?: Attribute[];
  members?: Member[];
  events?: Typed[];
  cssParts?: Described[];
  cssProperties?: Typed[];
  slots?: Described[];
}
export interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

/** Each custom element of the manifest, with its module. */
export function customElements(manifest: Manifest): { module: Manifest['modules'][number]; element: Declaration & { tagName: string } }[] {
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? []).flatMap((element) =>
      element.tagName ? [{ module, element: element as Declaration & { tagName: string } }] : [],
    ),
  );
}

/** The languages of the element: the modules of its locales folder that declare a table of its strings. */
export function languages(manifest: Manifest, elementPath: string): { tag: string; path: string }[] {
  const folder = `${elementPath.slice(0, elementPath.lastIndexOf('/'))}/locales/`;
  return manifest.modules
    .filter((module) => module.path.startsWith(folder))
    .filter((module) =>
      module.declarations?.some((declaration) => declaration.kind === 'variable' && declaration.type?.text === 'LocaleStrings'),
    )
    .map((module) => ({ tag: module.path.slice(folder.length).replace(/\.ts$/, ''), path: module.path }));
}

export const languageName = (tag: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;

/** The class of an event, by the package's naming (`kyc-successful` → `KycSuccessfulEvent`), when the manifest declares it. */
export function eventClass(manifest: Manifest, event: string): string | undefined {
  const name = `${event.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase())}Event`;
  const declared = manifest.modules.some((module) => module.declarations?.some((declaration) => declaration.name === name));
  return declared ? name : undefined;
}
