// The status says when the transaction asks for liveness challenges, so that the element names the selfie step honestly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TransactionStatus } from '../../src/server/index.js';
import { createRequestWithoutId, NIN, useHost } from './harness.js';

const { start } = useHost();

/** The first status answer of a session created with `challenges` liveness challenges. */
async function statusWith(challenges: number): Promise<TransactionStatus> {
  const host = await start({ buildRequest: () => createRequestWithoutId({ metadata: { nin: NIN, challenges_required: challenges } }) });
  const { body } = await host.startSession();
  return (await (await host.poll(body.uuid)).json()) as TransactionStatus;
}

test('says liveness: true when the transaction asks for liveness challenges', async () => {
  assert.equal((await statusWith(2)).liveness, true);
});

test('leaves liveness out when it asks for none', async () => {
  assert.equal('liveness' in (await statusWith(0)), false);
});
