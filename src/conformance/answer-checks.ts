/** The rules that judge every answer of a run: no personal data, and caching that keeps answers private and fresh. */
import { DEFAULT_TEST_NIN, identityOf } from '../sandbox/identities.js';
import { formatRut, normalizeRut } from '../shared/rut.js';
import { jsonOf, type Answer } from './http.js';
import type { Verdicts } from './rules.js';

/** Fields of the service's transaction and credential information that name or score a person. */
const PERSONAL_FIELDS = [
  'nin',
  'rut',
  'name',
  'last_name',
  'date_birth',
  'document_number',
  'user_email',
  'metadata',
  'verification_result',
  'selfie_document_match',
  'identity_verification_score',
];

/** The person's data as it could appear in an answer: the RUT in each way people write it, and the document's fields. */
function personalValues(nins: string[]): string[] {
  return nins.flatMap((nin) => {
    const rut = normalizeRut(nin);
    const identity = identityOf(nin);
    const ruts = rut ? [rut, formatRut(rut), formatRut(rut).replaceAll('.', '')] : [nin];
    return [...ruts, identity.name, identity.last_name, identity.date_birth, identity.document_number];
  });
}

function fieldsIn(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(PERSONAL_FIELDS.includes(key) ? [`${path}${key}`] : []),
    ...fieldsIn(inner, `${path}${key}.`),
  ]);
}

/** Whether `text` holds `value` on its own (not inside a longer run of letters or digits). */
const holds = (text: string, value: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu').test(text);

/** `nins`: the RUTs the host's transactions were created with; without any, the sandbox's default identity. */
export function checkPersonalData(answers: Answer[], nins: string[], verdicts: Verdicts): void {
  const values = personalValues(nins.length ? nins : [DEFAULT_TEST_NIN]);
  const problems = answers.flatMap((answer) => {
    const json = jsonOf(answer);
    // Parsed and written again, so that escapes (\u00ed for í) read as the letters they stand for.
    const text = json === undefined ? answer.text : JSON.stringify(json);
    const found = [...fieldsIn(json).map((field) => `field ${field}`), ...values.filter((value) => holds(text, value))];
    return found.length ? [`${answer.what} (${answer.status}) carries ${[...new Set(found)].join(', ')}`] : [];
  });
  verdicts.judge('noPersonalData', problems.slice(0, 3));
}

/** Answers with a body for the browser (2xx JSON) must be private (or not stored at all) and revalidated before reuse. */
export function checkCaching(answers: Answer[], verdicts: Verdicts): void {
  const problems = answers
    .filter((answer) => answer.status >= 200 && answer.status < 300 && (answer.headers.get('content-type') ?? '').includes('json'))
    .flatMap((answer) => {
      const directives = (answer.headers.get('cache-control') ?? '').toLowerCase();
      const has = (name: string) => new RegExp(`(^|[\\s,])${name}($|[\\s,=])`).test(directives);
      const isPrivate = (has('private') || has('no-store')) && !has('public') && !has('s-maxage');
      const revalidated = has('no-store') || has('no-cache') || /max-age\s*=\s*0\b/.test(directives);
      if (isPrivate && revalidated) return [];
      return [
        `${answer.what}: Cache-Control ${JSON.stringify(answer.headers.get('cache-control'))}, expected "private, no-cache" or "no-store"`,
      ];
    });
  verdicts.judge('privateCaching', [...new Set(problems)].slice(0, 3));
}
