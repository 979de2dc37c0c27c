/**
 * `kit.prepare` counts as the session POST does (docs/operations.md): each transaction it creates,
 * each it resumes and each it refuses, by the POST's own counters and reasons, in a span
 * `kyc-verify prepare` of its own. A page load that is not a navigation asks for nothing and counts
 * nothing. The SDK is registered before the kit, as an operator does.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { startTelemetry } from '../support/telemetry-sdk.js';
import { TYPED, usePageHost } from './page-host.js';

const telemetry = startTelemetry();
const metricsServer = createServer((req, res) => telemetry.serveMetrics(req, res));
after(async () => {
  metricsServer.close();
  await telemetry.shutdown();
});
const { hostWithPage } = usePageHost();

/** The value of each `kyc_verify_verifications_*_total` series, by its name and the kit's labels (the SDK's scope label left out). */
async function verificationCounters(): Promise<Record<string, number>> {
  if (!metricsServer.listening) await new Promise<void>((resolve) => metricsServer.listen(0, '127.0.0.1', resolve));
  const text = await (await fetch(`http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`)).text();
  const series = text.split('\n').filter((line) => line.startsWith('kyc_verify_verifications_'));
  return Object.fromEntries(
    series.map((line) => {
      const [name, value] = [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))];
      return [name.replace(/,?otel_scope_name="[^"]*"/, '').replace('{}', ''), value];
    }),
  );
}

test('prepared pages are counted created, resumed and refused as the session POST is, each prepare in its own span', async () => {
  const { open, startSession } = await hostWithPage({ budgets: { createdPerMinute: 2 } });
  await open(TYPED, 'alice'); // created
  await startSession('alice'); // the element's POST: resumed
  await open(TYPED, 'alice'); // a reload: resumed
  await open(TYPED, 'carol'); // created: the budget is spent
  await open(TYPED, 'dave'); // refused: budget
  await open(TYPED, ''); // refused: nobody logged in
  await open({ ...TYPED, 'sec-purpose': 'prefetch' }, 'erin'); // no navigation: nothing
  const counters = await verificationCounters();
  assert.deepEqual(Object.fromEntries(Object.entries(counters).filter(([name]) => /_(created|resumed|refused)_total/.test(name))), {
    kyc_verify_verifications_created_total: 2,
    kyc_verify_verifications_resumed_total: 2,
    'kyc_verify_verifications_refused_total{kyc_verify_refusal_reason="budget"}': 1,
    'kyc_verify_verifications_refused_total{kyc_verify_refusal_reason="unauthenticated"}': 1,
  });
  const spans = telemetry.spans();
  const prepares = spans.filter((span) => span.name === 'kyc-verify prepare');
  assert.equal(prepares.length, 6);
  // Set once the sampler has kept the span, not given at its start: each recording span still names its handler.
  assert.deepEqual(
    prepares.map((span) => span.attributes['kyc_verify.handler']),
    Array(6).fill('prepare'),
  );
  assert.deepEqual(
    spans.filter((span) => span.name === 'kyc-verify session').map((span) => span.attributes['kyc_verify.handler']),
    ['session'],
  );
  const creates = spans.filter((span) => span.name === 'POST /v1/transactions/');
  const prepareIds = new Set(prepares.map((span) => span.spanContext().spanId));
  assert.deepEqual(
    creates.map((span) => prepareIds.has(span.parentSpanContext?.spanId ?? '')),
    [true, true],
    'each creation inside the prepare that caused it',
  );
});
