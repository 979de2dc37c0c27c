// The app's one page: the FAKE login, or the element and the user's verifications.
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `element`: `<kyc-verify>` as kyc-verify/ssr rendered it (HTML, not escaped). */
export function renderPage({ user, element, records, sandboxUrl }) {
  const body = user
    ? `<form method="post" action="/logout">Logged in as <b>${escape(user)}</b>. <button>Log out</button></form>
${element}
<h2>Events on this page</h2>
<ol id="events"></ol>
<h2>Your verifications (the app's database, written by onResult)</h2>
<ul id="records">${records.map(([uuid, r]) => `<li data-uuid="${escape(uuid)}">${escape(r.state)}: ${escape(uuid)} at ${escape(r.at)}</li>`).join('') || '<li>none yet</li>'}</ul>
<script type="module" src="/assets/kyc-verify.bundle.js"></script>
<script type="module">
  const kyc = document.querySelector('kyc-verify');
  for (const name of ['kyc-successful', 'kyc-failed', 'kyc-expired', 'kyc-error']) {
    kyc.addEventListener(name, (event) => {
      const item = document.createElement('li');
      item.dataset.name = name;
      item.textContent = name + ' ' + (event.detail?.uuid ?? '');
      document.querySelector('#events').append(item);
    });
  }
  kyc.addEventListener('kyc-continue', () => location.reload()); // shows the record onResult wrote
</script>`
    : `<p><b>Fake login</b>, for this example only: type any name, no password.</p>
<form method="post" action="/login"><label>Name <input name="name" autocomplete="username" required></label> <button>Log in</button></form>`;
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>kyc-verify with Express</title>
<h1>kyc-verify with Express</h1>
${body}
<p><small>The KYC service is the local sandbox: <a href="${escape(sandboxUrl)}">${escape(sandboxUrl)}</a>.</small></p>
</html>`;
}
