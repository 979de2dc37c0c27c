// "Send by e-mail" with real parts: the desktop asks, the demo host sends with nodemailer
// to the demo's SMTP server, the phone opens the link from the message and walks the sandbox's flow.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { userOf } from '../../demo/users.js';
import { desktop, phone, startVerification, startWorld, uuidOf, waitForLogged, logged, walk, scanQr, type World } from './harness.js';

const TEST = { timeout: 90_000 };
/** Short, so that a resend after it fits in a test; the limit per transaction is the kit's, 3. */
const COOLDOWN_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo's visitor id of `page` (its login cookie, `<id>.<expiry>.<signature>`), by which the host's records give the address. */
async function visitorOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'kyc-demo-visitor')!.value.split('.')[0]!;
}

/** A send POST from `page` itself (same origin, the visitor's cookie), as the element makes it, with `body`. */
async function sendFrom(page: Page, uuid: string, body: unknown): Promise<{ status: number; retryAfter: string | null; error?: string }> {
  return page.evaluate(
    async ({ uuid, body }) => {
      const answer = await fetch(`/kyc/status/${uuid}/send`, {
        method: 'POST',
        headers: { 'kyc-verify-session': 'send' },
        body: JSON.stringify(body),
      });
      return { status: answer.status, retryAfter: answer.headers.get('retry-after'), ...((await answer.json()) as { error?: string }) };
    },
    { uuid, body },
  );
}

const sendButton = (page: Page) => page.locator('kyc-verify [part="send-button"]').first();
const sendNote = (page: Page) => page.locator('kyc-verify [part="send-note"]');

describe('end to end: the link sent by e-mail', () => {
  let world: World;
  before(async () => {
    world = await startWorld({ sendLimits: { cooldownMs: COOLDOWN_MS } });
  });
  after(() => world.close());

  /** The messages the SMTP server received for `address`. */
  const mailTo = (address: string) => world.demo.mail.messages.filter((message) => message.to.includes(address));

  /** A desktop showing a new verification in `lang`: its transaction, and the address the host's records have for its visitor. */
  async function verifying(lang: 'es' | 'en' = 'es') {
    const page = await desktop(world);
    await startVerification(page, world.demo.url, { lang });
    return { page, uuid: uuidOf(await scanQr(page)), email: userOf(await visitorOf(page)).email };
  }

  it(
    "sends exactly one message to the owner's address; its link walks the flow on a phone; the desktop hears kyc-successful once",
    TEST,
    async () => {
      const { page, email } = await verifying('es');
      const received = world.demo.mail.messages.length;
      await page.getByRole('button', { name: 'Enviar por correo' }).click();
      await sendNote(page).getByText(`Enviado a ${email[0]}•••@kyc-demo.example`).waitFor();
      assert.equal(world.demo.mail.messages.length, received + 1);
      const [message] = mailTo(email);
      assert.deepEqual(message!.to, [email]);
      assert.equal(message!.link, await scanQr(page), 'the link of the verification the desktop shows');

      const mobile = await phone(world);
      await mobile.goto(message!.link!);
      await walk(mobile, ['Documento OK', 'Selfie OK']);
      await waitForLogged(page, 'kyc-successful');
      await sleep(2_000);
      assert.equal((await logged(page, 'kyc-successful')).length, 1);
      assert.equal(mailTo(email).length, 1);
      const ended = await sendFrom(page, uuidOf(message!.link!), { channel: 'email' });
      assert.deepEqual(ended, { ...ended, status: 409, error: 'not_pending' });
    },
  );

  it(
    'a resend before the cooldown answers 429 and the element shows the wait; after it a second message; past 3, 429 for good',
    TEST,
    async () => {
      const { page, uuid, email } = await verifying('en');
      await sendButton(page).click();
      await sendNote(page).getByText('Sent to').waitFor();
      const early = await sendFrom(page, uuid, { channel: 'email' });
      assert.deepEqual(early, { ...early, status: 429, error: 'cooldown' });
      assert.ok(Number(early.retryAfter) >= 1);
      await page.locator('kyc-verify [part="send-wait"]').getByText('You can resend it in').waitFor();
      assert.equal(await sendButton(page).getAttribute('aria-disabled'), 'true');
      assert.equal(mailTo(email).length, 1);

      for (const count of [2, 3]) {
        await page.locator('kyc-verify [part="send-button"][aria-disabled="false"]').first().waitFor();
        await sendButton(page).click();
        await waitUntil(() => mailTo(email).length === count);
      }
      await sendButton(page).waitFor({ state: 'detached' });
      await sleep(COOLDOWN_MS);
      const past = await sendFrom(page, uuid, { channel: 'email' });
      assert.deepEqual(past, { ...past, status: 429, error: 'too_many_sends' });
      assert.equal(mailTo(email).length, 3);
    },
  );

  it("a stranger's send answers 404, a cross-site one 403, and a body's destination is ignored", TEST, async () => {
    const { page, uuid, email } = await verifying();

    const stranger = await desktop(world);
    await stranger.goto(world.demo.url);
    await stranger.evaluate(() => fetch('/kyc/session', { method: 'POST', headers: { 'kyc-verify-session': 'resume' } }));
    assert.equal((await sendFrom(stranger, uuid, { channel: 'email' })).status, 404);

    // What a hostile page's forged POST looks like at the host, with the victim's cookie.
    const forged = await page.context().request.post(`${world.demo.url}kyc/status/${uuid}/send`, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'kyc-verify-session': 'send' },
      data: { channel: 'email' },
    });
    assert.equal(forged.status(), 403);
    assert.equal(mailTo(email).length, 0);

    const hostile = await sendFrom(page, uuid, { channel: 'email', to: 'attacker@evil.example', email: 'attacker@evil.example' });
    assert.equal(hostile.status, 200);
    await waitUntil(() => mailTo(email).length === 1);
    assert.equal(mailTo('attacker@evil.example').length, 0);
  });
});

async function waitUntil(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await sleep(50);
  }
}
