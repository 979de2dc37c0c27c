import { cookies } from 'next/headers';

export async function POST() {
  (await cookies()).delete('sid');
  return new Response(null, { status: 303, headers: { location: '/' } });
}
