// The app's one page, with hono/html (which escapes what it interpolates): the FAKE login, or the element and the user's verifications.
import { html, raw } from 'hono/html';

const EVENTS_LOG = html`<script type="module">
  const kyc = document.querySelector('kyc-verify');
  for (const name of ['kyc-successful', 'kyc-failed', 'kyc-expired', 'kyc-error']) {
    kyc.addEventListener(name, (event) => {
      const item = Object.assign(document.createElement('li'), { textContent: name + ' ' + (event.detail?.uuid ?? '') });
      item.dataset.name = name;
      document.querySelector('#events').append(item);
    });
  }
  kyc.addEventListener('kyc-continue', () => location.reload()); // shows the record onResult wrote
</script>`;

// `element`: <kyc-verify> as kyc-verify/ssr rendered it, HTML of the kit's own (raw: not escaped again).
const verify = (user, element, records) =>
  html`<form method="post" action="/logout">Logged in as <b>${user}</b>. <button>Log out</button></form>
    ${raw(element)}
    <h2>Events on this page</h2>
    <ol id="events"></ol>
    <h2>Your verifications (the app's database, written by onResult)</h2>
    <ul id="records">
      ${records.length ? records.map(([uuid, r]) => html`<li data-uuid="${uuid}">${r.state}: ${uuid} at ${r.at}</li>`) : html`<li>none yet</li>`}
    </ul>
    <script type="module" src="/assets/kyc-verify.bundle.js"></script>
    ${EVENTS_LOG}`;

const login = html`<p><b>Fake login</b>, for this example only: type any name, no password.</p>
  <form method="post" action="/login">
    <label>Name <input name="name" autocomplete="username" required /></label> <button>Log in</button>
  </form>`;

export const page = ({ user, element, records, sandboxUrl }) =>
  html`<!doctype html>
    <html lang="en">
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="icon" href="data:," />
      <title>kyc-verify with Hono</title>
      <h1>kyc-verify with Hono</h1>
      ${user ? verify(user, element, records) : login}
      <p>
        <small>The KYC service is the local sandbox: <a href="${sandboxUrl}">${sandboxUrl}</a>.</small>
      </p>
    </html>`;
