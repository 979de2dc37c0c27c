/** Which language the verification page speaks: the one chosen on the page, else the phone's Accept-Language. */
import { LANGS, type Lang } from './strings.js';

const DEFAULT_LANG: Lang = 'es';

/**
 * `?lang=` (the page's own switch) wins; otherwise the page language the Accept-Language header
 * prefers most (by q-value, then by order); Spanish when it names none. Any Portuguese gets the
 * Brazilian page, the only Portuguese one.
 */
export function pageLanguage(query: string | undefined, acceptLanguage: string | undefined): Lang {
  if (isLang(query)) return query;
  let best: { lang: Lang; q: number } | null = null;
  for (const range of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = range.trim().split(';');
    const lang = langOfTag(tag.trim());
    const q = qualityOf(params);
    if (lang && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? DEFAULT_LANG;
}

function langOfTag(tag: string): Lang | undefined {
  const primary = tag.toLowerCase().split('-')[0];
  return primary === 'pt' ? 'pt-BR' : LANGS.find((lang) => lang === primary);
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
