// FAKE LOGIN, for the example only: whoever types a name is that user, with no password.
import { logIn } from '../../lib/kyc.js';

export async function POST(request) {
  const name = String((await request.formData()).get('name') ?? '').trim();
  if (name) await logIn(name);
  return new Response(null, { status: 303, headers: { location: '/' } });
}
