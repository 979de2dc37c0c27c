/** The sandbox's OpenAPI document, and the assertion that a reply is what it documents for its operation. */
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Reply, SandboxClient } from './helpers.js';

export async function documentOf(sandbox: SandboxClient) {
  const document = (await sandbox.request('GET', '/openapi.json')).body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: document.components });

  /**
   * The operation documents the reply's status, and its body matches the documented content: the
   * schema for JSON (validated with ajv), the media type for anything else, nothing when none is given.
   */
  function assertDocumented(path: string, method: string, reply: Reply, context = ''): void {
    const where = `${method.toUpperCase()} ${path}${context && ` (${context})`}`;
    const response = document.paths[path]?.[method]?.responses?.[reply.status];
    assert.ok(response, `${where} answered ${reply.status}, which its document does not list`);
    if (!response.content) return;
    const type = reply.headers.get('content-type')?.split(';')[0] ?? '';
    assert.ok(type in response.content, `${where} ${reply.status}: ${type} is not a documented content type`);
    if (type !== 'application/json') return;
    const schema = response.content[type].schema;
    const validate = schema.$ref ? ajv.getSchema(`openapi.json${schema.$ref}`)! : ajv.compile(schema);
    assert.ok(validate(reply.body), `${where} ${reply.status}: ${ajv.errorsText(validate.errors)}`);
  }

  /** The operations of the document, as [path, method, operation]. */
  const operations = Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
    Object.entries<any>(item).map(([method, operation]) => [path, method, operation] as const),
  );

  return { document, ajv, assertDocumented, operations };
}
