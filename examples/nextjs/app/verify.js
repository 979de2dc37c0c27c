'use client';
// The element, in a client component: the tag renders on the server and upgrades once the browser has imported its definition.
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

const LOGGED = ['kyc-successful', 'kyc-failed', 'kyc-expired', 'kyc-error'];

export default function Verify() {
  const router = useRouter();
  const element = useRef(null);
  const [events, setEvents] = useState([]);
  useEffect(() => {
    void import('kyc-verify/define');
    const kyc = element.current;
    const listeners = [
      ...LOGGED.map((name) => [name, (event) => setEvents((seen) => [...seen, `${name} ${event.detail.uuid ?? ''}`])]),
      ['kyc-continue', () => router.refresh()], // shows the record onResult wrote
    ];
    for (const [name, listener] of listeners) kyc.addEventListener(name, listener);
    return () => listeners.forEach(([name, listener]) => kyc.removeEventListener(name, listener));
  }, [router]);
  return (
    <>
      <kyc-verify ref={element} session-url="/kyc/session" lang="en" />
      <h2>Events on this page</h2>
      <ol id="events">
        {events.map((text, index) => (
          <li key={index} data-name={text.split(' ')[0]}>
            {text}
          </li>
        ))}
      </ol>
    </>
  );
}
