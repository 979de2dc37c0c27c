// The app's one page, rendered on the server: the FAKE login, or the element and the user's verifications.
import { headers } from 'next/headers';
import { renderKycVerify } from 'kyc-verify/ssr';
import { app, currentUser } from '../lib/kyc.js';
import Verify from './verify.js';

export const dynamic = 'force-dynamic';

export default async function Page() {
  const user = await currentUser();
  const { kycUrl, kit, verifications } = await app();
  // The user's verification prepared while the page renders, the element drawn into its HTML: the link paints with the
  // page, before the bundle and without it. The page's request as the browser sent it (its Sec-Fetch-* say whether it
  // is a navigation: a prefetch or another site's request gets the plain element, which asks once a person is there).
  const request = new Request(new URL('/', process.env.PUBLIC_URL), { headers: await headers() });
  const element = user && renderKycVerify(await kit.prepare(request, { sessionUrl: '/kyc/session' }), { lang: 'en' });
  const records = user ? [...(await verifications.entries())].filter(([, record]) => record.user === user.id) : [];
  return (
    <main>
      <h1>kyc-verify with Next.js</h1>
      {user ? (
        <>
          <form method="post" action="/logout">
            Logged in as <b>{user.id}</b>. <button>Log out</button>
          </form>
          <Verify element={element} />
          <h2>Your verifications (the app&apos;s database, written by onResult)</h2>
          <ul id="records">
            {records.length ? (
              records.map(([uuid, record]) => (
                <li key={uuid} data-uuid={uuid}>
                  {record.state}: {uuid} at {record.at}
                </li>
              ))
            ) : (
              <li>none yet</li>
            )}
          </ul>
        </>
      ) : (
        <>
          <p>
            <b>Fake login</b>, for this example only: type any name, no password.
          </p>
          <form method="post" action="/login">
            <label>
              Name <input name="name" autoComplete="username" required />
            </label>{' '}
            <button>Log in</button>
          </form>
        </>
      )}
      <p>
        <small>
          The KYC service is the local sandbox: <a href={kycUrl}>{kycUrl}</a>.
        </small>
      </p>
    </main>
  );
}
