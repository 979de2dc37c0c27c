/** How the sandbox's strict schemas are derived from the shared field definitions. */
import type { z } from 'zod';

type Fields = Record<string, z.ZodType>;

/**
 * `fields` with some replaced by stricter schemas (a format, an enum): the type only lets through
 * a replacement whose every value the shared definition also accepts.
 */
export function narrowed<F extends Fields, N extends { [K in keyof F]?: z.ZodType<z.output<F[K]>> }>(
  fields: F,
  narrower: N,
): Omit<F, keyof N> & N {
  return { ...fields, ...narrower };
}

type WithDefaults<F extends Fields, D> = { [K in keyof F]: K extends keyof D ? z.ZodDefault<F[K]> : z.ZodOptional<F[K]> };

/** Every field optional, and those in `defaults` filled in when omitted. */
export function withDefaults<F extends Fields, D extends { [K in keyof F]?: z.output<F[K]> }>(fields: F, defaults: D): WithDefaults<F, D> {
  const entries = Object.entries(fields).map(([key, field]) => [key, key in defaults ? field.default(defaults[key]) : field.optional()]);
  return Object.fromEntries(entries) as WithDefaults<F, D>;
}
