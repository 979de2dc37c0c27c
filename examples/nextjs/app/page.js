// The app's one page, rendered on the server: the FAKE login, or the element and the user's verifications.
import { app, currentUser } from '../lib/kyc.js';
import Verify from './verify.js';

export const dynamic = 'force-dynamic';

export default async function Page() {
  const user = await currentUser();
  const { kycUrl, verifications } = await app();
  const records = user ? [...(await verifications.entries())].filter(([, record]) => record.user === user.id) : [];
  return (
    <main>
      <h1>kyc-verify with Next.js</h1>
      {user ? (
        <>
          <form method="post" action="/logout">
            Logged in as <b>{user.id}</b>. <button>Log out</button>
          </form>
          <Verify />
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
