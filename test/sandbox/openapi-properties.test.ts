/**
 * A property-based pass over the OpenAPI document: for every operation, requests generated from its
 * own parameters and body schema (mostly valid, some broken in one place) must each be answered with
 * a status the operation documents, never a 5xx, and with the documented body. Seeded: set
 * OPENAPI_SEED to replay a failure (the seed is in the test's name), OPENAPI_REQUESTS for a longer run.
 */
import { test } from 'node:test';
import { documentOf } from './openapi-document.js';
import { seeded, ValueGenerator } from './openapi-values.js';
import { sandboxForTests } from './helpers.js';

const SEED = Number(process.env.OPENAPI_SEED ?? 31);
const REQUESTS_PER_OPERATION = Number(process.env.OPENAPI_REQUESTS ?? 40);

const sandbox = await sandboxForTests({ log: () => {} });
const { document, assertDocumented, operations } = await documentOf(sandbox);
const token = await sandbox.token();
const uuids: string[] = [];
for (let index = 0; index < 3; index++) uuids.push((await sandbox.created(token)).uuid);

const random = seeded(SEED);
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
const generator = new ValueGenerator(random, document.components.schemas, {
  nin: () => pick(['11.111.111-1', '12.345.678-5', '1-9', '11.111.111-2']),
  company_id: () => pick(['sandbox-company', 'other-company']),
  authorization_method: () => pick(['kyc_register', 'sms']),
  uuid: () => pick(uuids),
  transaction_uuid: () => pick(uuids),
  transaction_id: () => pick([...uuids, `tx-${random()}`]),
  code: () => pick(['002', '013', '016', 'time_out', '003']),
  advance_seconds: () => pick([0, 1, 600, 86_400]),
  webhook: () => 'http://127.0.0.1:9/hook',
});

for (const [path, method, operation] of operations) {
  if (path === '/openapi.json') continue;
  test(`${method.toUpperCase()} ${path}: ${REQUESTS_PER_OPERATION} generated requests answer documented statuses (seed ${SEED})`, async () => {
    for (let index = 0; index < REQUESTS_PER_OPERATION; index++) {
      const broken = random() < 0.4;
      let concrete = path;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.required && random() < 0.3) continue;
        // A path parameter is never broken: an empty one would name another path.
        const value = String(generator.value(parameter.schema, broken && parameter.in !== 'path', parameter.name));
        if (parameter.in === 'path') concrete = concrete.replace(`{${parameter.name}}`, encodeURIComponent(value));
        else query.set(parameter.name, value);
      }
      const content = operation.requestBody?.content ?? {};
      const options: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {
        token: random() < 0.9 ? token : undefined,
      };
      if (content['application/json']) options.json = generator.value(content['application/json'].schema, broken);
      else if (content['application/x-www-form-urlencoded']) {
        options.body = `outcome=${pick(['002', '013', 'selfie_ok', 'nope'])}`;
        options.headers = { 'content-type': 'application/x-www-form-urlencoded' };
      }
      const search = query.size > 0 ? `?${query}` : '';
      const reply = await sandbox.request(method.toUpperCase(), concrete + search, options);
      assertDocumented(
        path,
        method,
        reply,
        `request ${index}: ${concrete}${search} ${JSON.stringify(options.json ?? options.body ?? null)}`,
      );
    }
  });
}
