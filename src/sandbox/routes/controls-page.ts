/**
 * The controls page `GET /sandbox` (docs/sandbox.md, "Webhook faults"): a tester's form for the
 * webhook faults, the faults pending, and the last deliveries with what was done to each and why.
 * English only, no script; on the sandbox's machine only, as every control (controls-guard.ts).
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SandboxApp, SandboxEnv, SandboxParts } from '../context.js';
import { WebhookFaultRequestSchema, type WebhookDelivery, type WebhookFault } from '../schemas.js';

export const CONTROLS_PAGE_PATH = '/sandbox';
const SHOWN_DELIVERIES = 20;
const HEADERS = {
  'content-security-policy': "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function registerControlsPage(app: SandboxApp, { service, webhooks }: SandboxParts): void {
  const render = async (c: Context<SandboxEnv>, message: string | null, status: ContentfulStatusCode = 200) =>
    c.html(await controlsPage(webhooks.faults.list(), webhooks.deliveries().slice(-SHOWN_DELIVERIES).reverse(), message), status, HEADERS);

  app.get(CONTROLS_PAGE_PATH, (c) => render(c, null));

  app.post(CONTROLS_PAGE_PATH, async (c) => {
    const form = await c.req.parseBody();
    if (form.action === 'clear') {
      webhooks.clearFaults();
      return c.redirect(CONTROLS_PAGE_PATH, 303);
    }
    const parsed = WebhookFaultRequestSchema.safeParse({
      fault: form.fault,
      ...(form.fault === 'duplicate' && { times: Number(form.times) }),
      ...(form.fault === 'delay' && { delay_seconds: Number(form.delay_seconds) }),
      ...(typeof form.uuid === 'string' && form.uuid.trim() && { uuid: form.uuid.trim() }),
      every: form.every === 'on',
    });
    if (!parsed.success) return render(c, `Not a fault: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`, 422);
    if (parsed.data.uuid && !service.byUuid(parsed.data.uuid)) return render(c, `No transaction ${parsed.data.uuid}`, 404);
    webhooks.faults.add(parsed.data);
    return c.redirect(CONTROLS_PAGE_PATH, 303);
  });
}

function controlsPage(faults: WebhookFault[], deliveries: WebhookDelivery[], message: string | null) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>kyc-verify sandbox: controls</title>
      </head>
      <body>
        <main>
          <h1>Sandbox controls</h1>
          ${message ? html`<p role="alert">${message}</p>` : ''}
          <h2>Webhook faults</h2>
          <form method="post" action="${CONTROLS_PAGE_PATH}">
            <label
              >Fault
              <select name="fault">
                ${['duplicate', 'reorder', 'delay', 'drop'].map((fault) => html`<option>${fault}</option>`)}
              </select></label
            >
            <label>Times (duplicate) <input name="times" type="number" min="2" max="10" value="2" /></label>
            <label>Seconds (delay) <input name="delay_seconds" type="number" min="0" step="any" value="300" /></label>
            <label>Transaction uuid (empty: any) <input name="uuid" /></label>
            <label><input name="every" type="checkbox" /> every delivery, not only the next</label>
            <button type="submit">Add fault</button>
          </form>
          <form method="post" action="${CONTROLS_PAGE_PATH}"><button name="action" value="clear">Remove every fault</button></form>
          <ul id="faults">
            ${faults.length === 0 ? html`<li>No fault pending</li>` : faults.map((fault) => html`<li>${describeFault(fault)}</li>`)}
          </ul>
          <h2>Last webhook deliveries</h2>
          <table id="deliveries">
            <tr>
              <th>id</th>
              <th>transaction</th>
              <th>state</th>
              <th>what was done, and why</th>
            </tr>
            ${deliveries.map(
              (delivery) =>
                html`<tr>
                  <td>${delivery.id}</td>
                  <td>${delivery.uuid}</td>
                  <td>${delivery.state}</td>
                  <td>${delivery.notes.join('; ')}</td>
                </tr>`,
            )}
          </table>
        </main>
      </body>
    </html>`;
}

function describeFault(fault: WebhookFault): string {
  const what =
    fault.fault === 'duplicate' ? `duplicate ×${fault.times}` : fault.fault === 'delay' ? `delay ${fault.delay_seconds} s` : fault.fault;
  return `#${fault.id} ${what}, ${fault.uuid ? `transaction ${fault.uuid}` : 'any transaction'}, ${fault.every ? 'every delivery' : 'next delivery'}`;
}
