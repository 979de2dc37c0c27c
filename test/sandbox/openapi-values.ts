/**
 * A small property-based generator over the sandbox's OpenAPI document: random JSON values from a
 * schema, mostly valid (so that requests reach the handlers) and sometimes broken in one place (a
 * required field left out, a wrong type, a bound passed by one), from a seeded generator so a
 * failure can be replayed.
 */
type Schema = Record<string, any>;

/** mulberry32: a seeded generator of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class ValueGenerator {
  constructor(
    private readonly random: () => number,
    private readonly components: Record<string, Schema>,
    /** Values that make sense for a property of this name (a valid nin, a known uuid), used half the time. */
    private readonly hints: Record<string, () => unknown> = {},
  ) {}

  /** A value of the schema; with `breakOne`, one place in it is broken. */
  value(schema: Schema, breakOne = false, name = ''): unknown {
    const resolved = this.#resolve(schema);
    if (breakOne && this.random() < 0.35) return this.#broken(resolved);
    const hint = this.hints[name];
    if (hint && this.random() < 0.5) return hint();
    if (resolved.const !== undefined) return resolved.const;
    if (resolved.enum) return this.#pick(resolved.enum);
    const variants = resolved.oneOf ?? resolved.anyOf;
    if (variants) return this.value(this.#pick(variants), breakOne, name);
    const type = Array.isArray(resolved.type) ? this.#pick(resolved.type) : resolved.type;
    switch (type) {
      case 'object':
        return this.#object(resolved, breakOne);
      case 'array':
        return Array.from({ length: this.#int(0, Math.min(resolved.maxItems ?? 3, 3)) }, () => this.value(resolved.items ?? {}, breakOne));
      case 'integer':
        return this.#int(resolved.minimum ?? -5, Math.min(resolved.maximum ?? 10_000, 10_000));
      case 'number':
        return (resolved.minimum ?? 0) + this.random() * Math.min(resolved.maximum ?? 10_000, 10_000);
      case 'boolean':
        return this.random() < 0.5;
      case 'null':
        return null;
      case 'string':
        return this.#string(resolved);
      default:
        return resolved.properties ? this.#object(resolved, breakOne) : this.#pick([0, 'x', true, null, {}]);
    }
  }

  #object(schema: Schema, breakOne: boolean): Record<string, unknown> {
    const required = new Set<string>(schema.required ?? []);
    const object: Record<string, unknown> = {};
    for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) {
      if (required.has(name) || this.random() < 0.5) object[name] = this.value(property, breakOne && this.random() < 0.3, name);
    }
    if (breakOne && required.size > 0 && this.random() < 0.2) delete object[this.#pick([...required])];
    return object;
  }

  #string(schema: Schema): string {
    if (schema.format === 'uri') return this.#pick(['http://127.0.0.1:9/hook', 'https://example.test/done', 'ftp://x', 'not a url']);
    if (schema.format === 'email') return this.#pick(['ana@example.test', 'nope']);
    if (schema.format === 'uuid') return crypto.randomUUID();
    if (schema.format === 'date-time') return new Date().toISOString();
    // A pattern is honoured only as far as the documents' patterns need: letters, digits, - and _, at least one.
    const characters = schema.pattern ? 'abcXYZ019-_' : 'abcXYZ019-_ .é{}"\\';
    const length = this.#int(schema.minLength ?? (schema.pattern ? 1 : 0), Math.min(schema.maxLength ?? 12, 12));
    return Array.from({ length }, () => this.#pick([...characters])).join('');
  }

  /** The schema's value broken one way: a wrong type, or a bound passed by one. */
  #broken(schema: Schema): unknown {
    const breaks: unknown[] = [null, 'x', 12.5, [], {}];
    if (schema.minimum !== undefined) breaks.push(schema.minimum - 1);
    if (schema.maximum !== undefined) breaks.push(schema.maximum + 1);
    if (schema.maxLength !== undefined) breaks.push('x'.repeat(schema.maxLength + 1));
    if (schema.maxItems !== undefined) breaks.push(Array(schema.maxItems + 1).fill('x'));
    return this.#pick(breaks);
  }

  #resolve(schema: Schema): Schema {
    if (schema.$ref) return this.#resolve(this.components[schema.$ref.replace('#/components/schemas/', '')]!);
    // allOf holds the conditions (if/then) of an object, not alternatives: the first member with properties is the shape.
    if (schema.allOf && !schema.properties) return this.#resolve(schema.allOf.find((part: Schema) => part.properties || part.$ref) ?? {});
    return schema;
  }

  #int(least: number, most: number): number {
    return least + Math.floor(this.random() * (Math.max(most, least) - least + 1));
  }

  #pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)]!;
  }
}
