/**
 * What an operator sees: three instances on one Redis, each with an OpenTelemetry SDK registered
 * before its kit (metrics served at /metrics, spans kept in memory), scraped every second by a real
 * Prometheus while a script walks verifications to every end (docs/operations.md). PromQL over
 * Prometheus's HTTP API answers exactly what the script caused, fleet-wide; one verification's
 * spans are linked across instances; no metric or span carries a person's data.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { signWebhookBody } from '../../src/server/index.js';
import type { SpanRecord } from '../support/telemetry-sdk.js';
import { startPrometheus, type Prometheus } from '../support/prometheus.js';
import { delay, startFleet, useRedisAndService } from '../fleet/harness.js';
import { startOutageProxy, startSigningRelay } from './support/relays.js';
import { browserFetch } from '../support/browser-fetch.js';
import { createSession, Expected, PUBLIC_GO_URL, resultsDelivered, walkUnwatched, walkWatched, type World } from './support/script.js';

const SECRET = 'operators-webhook-secret';
const on = useRedisAndService();

describe('the kit’s telemetry on a fleet of 3, scraped by Prometheus', () => {
  let world: World;
  let prometheus: Prometheus;
  let outage: Awaited<ReturnType<typeof startOutageProxy>>;
  let relay: Awaited<ReturnType<typeof startSigningRelay>>;
  const closing: (() => Promise<void>)[] = [];
  /** The transaction whose spans are followed across instances: created on instance 0, its webhooks to instance 1. */
  let traced: string;

  before(async () => {
    outage = await startOutageProxy(on.service.kycUrl);
    let balancer = '';
    const instanceUrls: string[] = [];
    relay = await startSigningRelay(SECRET, (path) => {
      const instance = /^\/instance\/(\d)$/.exec(path);
      return `${instance ? instanceUrls[Number(instance[1])] : balancer}/kyc/webhook`;
    });
    const fleet = await startFleet({
      count: 3,
      redisUrl: on.redis.url,
      kycUrl: outage.url,
      env: () => ({
        TELEMETRY: '1',
        WEBHOOK_URL: `${relay.url}/kyc/webhook`,
        WEBHOOK_SECRET: SECRET,
        REPLAY_TOLERANCE_MS: '600000',
        HANDOFF_URL: PUBLIC_GO_URL,
        RECONCILE_MS: '4000',
        BUDGETS: JSON.stringify({ createdPerAddressPerMinute: 1 }),
      }),
    });
    balancer = fleet.url;
    instanceUrls.push(...fleet.instances.map((instance) => instance.url));
    closing.push(fleet.close, relay.close, outage.close);
    prometheus = await startPrometheus(instanceUrls);
    closing.push(prometheus.stop);
    world = { fleet, service: on.service, expected: new Expected(), webhookTo: (index) => `${relay.url}/instance/${index}` };
    await runScript();
    await resultsDelivered(world);
    await prometheus.scrapedAfter();
  });
  after(async () => {
    for (const close of closing.reverse()) await close();
  });

  async function runScript() {
    const { expected, service } = world;
    const testing = service.testing;
    await Promise.all([
      (async () => {
        // Success, with a second device, and its first webhook delivered twice (the kit answers the copy without a read).
        const { uuid, owner, link } = await createSession(world, 'success', { 'x-webhook-url': world.webhookTo(1) }, 0);
        traced = uuid;
        const at = (instance: number) => link.replace('https://shop.example', world.fleet.instances[instance]!.url);
        // Two phones whose browsers keep the kit's device cookie (a device is counted once it comes back with it).
        for (const instance of [1, 2])
          assert.equal((await browserFetch(at(instance), { headers: { cookie: `kyc_device=${crypto.randomUUID()}` } })).status, 303);
        await testing.faults.duplicate(2, { uuid });
        await walkWatched(world, uuid, owner, 2, ['002', '013']);
      })(),
      (async () => {
        const { uuid, owner } = await createSession(world, 'fraud');
        await walkWatched(world, uuid, owner, 0, ['016']);
      })(),
      (async () => {
        const { uuid, owner } = await createSession(world, 'selfie');
        await walkWatched(world, uuid, owner, 1, ['002', '014', '014', '014']);
      })(),
      (async () => {
        const { uuid, owner } = await createSession(world, 'document');
        await walkWatched(world, uuid, owner, 2, ['003', '003', '003']);
      })(),
      (async () => {
        const { uuid, owner } = await createSession(world, 'expiry');
        await walkWatched(world, uuid, owner, 0, ['time_out']);
      })(),
      (async () => {
        // Its end's webhook dropped, and nobody watching: the reconciliation finds it.
        const { uuid } = await createSession(world, 'dropped');
        await testing.faults.drop({ uuid });
        await walkUnwatched(world, uuid, ['016']);
      })(),
      (async () => {
        // Its step's webhook arrives after its end's.
        const { uuid } = await createSession(world, 'reordered');
        await testing.faults.reorder({ uuid });
        await walkUnwatched(world, uuid, ['002', '016']);
      })(),
      (async () => {
        // The provider down for one poll: the last known status, stale. Then a 304.
        const { uuid, owner } = await createSession(world, 'outage');
        expected.add(expected.steps, 'Session_start');
        // Past the read interval since the creation stored its status: this poll reads.
        await delay(1100);
        const first = await world.fleet.poll(uuid, owner);
        assert.equal(first.status, 200);
        await delay(1100);
        outage.state.down = true;
        const during = await world.fleet.poll(uuid, owner);
        outage.state.down = false;
        assert.ok(during.headers.get('x-kyc-stale'), 'served stale while the provider is down');
        await delay(1100);
        const etag = first.headers.get('etag')!;
        const again = await fetch(`${world.fleet.url}/kyc/status/${uuid}`, { headers: { 'x-user': owner, 'if-none-match': etag } });
        assert.equal(again.status, 304);
      })(),
      (async () => {
        // One client address, two sessions: the second past the per-address budget.
        const address = { 'x-client-address': '203.0.113.7' };
        const { uuid } = await createSession(world, 'budget', address);
        expected.add(expected.steps, 'Session_start');
        assert.equal((await world.fleet.postSession(`budget-${uuid}`, 'new', world.fleet.url, address)).status, 429);
        expected.add(expected.refused, 'budget');
      })(),
      (async () => {
        // A probe without the element's header, and a cross-site page with it.
        assert.equal((await fetch(`${world.fleet.url}/kyc/session`, { method: 'POST', headers: { 'x-user': 'probe' } })).status, 403);
        expected.add(expected.refused, 'guard');
        assert.equal((await world.fleet.postSession('victim', 'new', world.fleet.url, { 'sec-fetch-site': 'cross-site' })).status, 403);
        expected.add(expected.refused, 'csrf');
      })(),
    ]);
    // A forged delivery, and a captured one replayed an hour later.
    const body = (updatedAt: string) =>
      JSON.stringify({
        uuid: traced,
        transaction_id: 'x',
        company_id: 'sandbox-company',
        active: true,
        complete: false,
        failed: false,
        updated_at: updatedAt,
      });
    const post = async (text: string, signature: string) =>
      (
        await fetch(`${world.fleet.url}/kyc/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-kyc-signature': signature },
          body: text,
        })
      ).status;
    assert.equal(await post(body(new Date().toISOString()), '0'.repeat(64)), 401);
    const old = body(new Date(Date.now() - 3600_000).toISOString());
    assert.equal(await post(old, await signWebhookBody(SECRET, old)), 401);
  }

  /** The fleet's sum of a PromQL expression, by one label or as one number. */
  async function sumBy(expression: string, label?: string): Promise<Map<string, number>> {
    const samples = await prometheus.query(label ? `sum by (${label}) (${expression})` : `sum(${expression})`);
    return new Map(samples.map((sample) => [label ? sample.metric[label]! : '', sample.value]));
  }
  const total = async (expression: string) => (await sumBy(expression)).get('') ?? 0;

  it('counts the verifications created, refused by reason, and their links and second devices, once each across the fleet', async () => {
    assert.equal(await total('kyc_verify_verifications_created_total'), world.expected.created);
    assert.deepEqual(await sumBy('kyc_verify_verifications_refused_total', 'kyc_verify_refusal_reason'), world.expected.refused);
    assert.deepEqual(await sumBy('kyc_verify_links_opened_total', 'kyc_verify_link_channel'), new Map([['link', 1]]));
    assert.deepEqual(await sumBy('kyc_verify_handoff_other_devices_total', 'kyc_verify_device_action'), new Map([['warned', 1]]));
    assert.deepEqual(
      await sumBy('kyc_verify_budget_uses_total{kyc_verify_budget_outcome="refused"}', 'kyc_verify_budget'),
      new Map([['createdPerAddressPerMinute', 1]]),
    );
  });

  it('counts each step reached and each end by state and code once, and times each from the creation', async () => {
    assert.deepEqual(await sumBy('kyc_verify_steps_reached_total', 'kyc_verify_step'), world.expected.steps);
    const ends = await prometheus.query('sum by (kyc_verify_state, kyc_verify_code) (kyc_verify_verifications_ended_total)');
    assert.deepEqual(
      new Map(ends.map(({ metric, value }) => [`${metric.kyc_verify_state}/${metric.kyc_verify_code}`, value])),
      world.expected.ends,
    );
    const stages = await sumBy('kyc_verify_verification_stage_duration_count', 'kyc_verify_milestone');
    const steps = [...world.expected.steps.values()].reduce((a, b) => a + b, 0);
    assert.deepEqual(
      stages,
      new Map([
        ['link_opened', 1],
        ['step', steps],
        ['ended', world.expected.ended.length],
      ]),
    );
  });

  it('counts the webhooks by what became of them, the results delivered, and the end the reconciliation found', async () => {
    const webhooks = await sumBy('kyc_verify_webhooks_received_total', 'kyc_verify_webhook_outcome');
    assert.equal((webhooks.get('accepted') ?? 0) + (webhooks.get('reordered') ?? 0) + (webhooks.get('duplicate') ?? 0), relay.forwarded);
    assert.deepEqual(
      [webhooks.get('reordered'), webhooks.get('duplicate'), webhooks.get('bad_signature'), webhooks.get('replayed')],
      [1, 1, 1, 1],
    );
    assert.equal(await total('kyc_verify_webhook_lag_count'), (webhooks.get('accepted') ?? 0) + 1);
    assert.equal(await total('kyc_verify_reconciliation_ends_found_total'), 1);
    assert.deepEqual(
      await sumBy('kyc_verify_results_total', 'kyc_verify_result_outcome'),
      new Map([['delivered', world.expected.ended.length]]),
    );
  });

  it('counts the provider’s failures as the proxy served them, the status answers by kind, and no stream left open', async () => {
    assert.ok(outage.failedReads >= 1);
    assert.equal(await total('kyc_verify_provider_duration_count{error_type="503"}'), outage.failedReads);
    assert.equal(await total('kyc_verify_provider_duration_count{kyc_verify_provider_operation="create_transaction"}'), on.service.creates);
    assert.deepEqual(
      await sumBy('kyc_verify_status_answers_total', 'kyc_verify_status_answer'),
      new Map([
        ['fresh', 1],
        ['cached', 0],
        ['stale', 1],
        ['not_modified', 1],
      ]),
    );
    assert.ok((await total('kyc_verify_store_duration_count')) > 0);
    assert.equal(await total('kyc_verify_streams_open'), 0);
  });

  it('runs every query of docs/operations.md', async () => {
    const page = await readFile('docs/operations.md', 'utf8');
    const queries = [...page.matchAll(/```promql\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());
    assert.ok(queries.length >= 8, `${queries.length} queries`);
    for (const query of queries) await prometheus.query(query);
  });

  async function allSpans(): Promise<(SpanRecord & { instance: number })[]> {
    const each = await Promise.all(
      world.fleet.instances.map(async (instance, index) =>
        ((await (await fetch(`${instance.url}/test/spans`)).json()) as SpanRecord[]).map((span) => ({ ...span, instance: index })),
      ),
    );
    return each.flat();
  }

  it('links one verification’s spans across instances: the webhook, the read and onResult to the session POST that created it', async () => {
    const spans = (await allSpans()).filter((span) => span.attributes['kyc_verify.transaction.uuid'] === traced);
    const session = spans.find((span) => span.name === 'kyc-verify session');
    assert.equal(session?.instance, 0);
    const linked = (name: string) =>
      spans.filter(
        (span) => span.name === name && span.links.some((link) => link.spanId === session!.spanId && link.traceId === session!.traceId),
      );
    assert.ok(
      linked('kyc-verify webhook').some((span) => span.instance === 1),
      'a webhook on instance 1 links to the session',
    );
    assert.ok(linked('GET /v1/transactions/{uuid}').length > 0, 'a read links to the session');
    assert.equal(linked('kyc-verify onResult').length, 1);
  });

  it('carries no owner, RUT, transaction_id or address in any metric or span', async () => {
    const exported = [
      ...(await Promise.all(world.fleet.instances.map(async (instance) => (await fetch(`${instance.url}/metrics`)).text()))),
      JSON.stringify(await allSpans()),
    ].join('\n');
    const found = [...world.expected.personal, '203.0.113.7'].filter((value) => exported.includes(value));
    assert.deepEqual(found, []);
  });
});
