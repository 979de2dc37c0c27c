/** Which language the verification page speaks: the one chosen on the page, else the phone's Accept-Language. */
import type { Lang } from './strings.js';

const LANGS: readonly Lang[] = ['es', 'en'];
const DEFAULT_LANG: Lang = 'es';

/**
 * `?lang=` (the page's own switch) wins; otherwise the page language the Accept-Language header
 * prefers most (by q-value, then by order); Spanish when it names neither.
 */
export function pageLanguage(query: string | undefined, acceptLanguage: string | undefined): Lang {
  if (isLang(query)) return query;
  let best: { lang: Lang; q: number } | null = null;
  for (const range of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = range.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const q = qualityOf(params);
    if (isLang(primary) && q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang ?? DEFAULT_LANG;
}

function isLang(value: string | undefined): value is Lang {
  return (LANGS as readonly (string | undefined)[]).includes(value);
}

function qualityOf(params: string[]): number {
  const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
  if (!q) return 1;
  const value = Number(q.slice(2));
  return Number.isFinite(value) ? value : 0;
}
