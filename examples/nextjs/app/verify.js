'use client';
// The element, in a client component: the server's render of it (kyc-verify/ssr, from app/page.js) goes into the HTML as
// it is, and upgrades once the browser has imported its definition. Kept from the first render: a refresh's new render
// (prepared again, or not, as a refresh is no navigation) must not replace the element that follows the verification.
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

const LOGGED = ['kyc-successful', 'kyc-failed', 'kyc-expired', 'kyc-error'];

export default function Verify({ element: markup }) {
  const router = useRouter();
  const wrapper = useRef(null);
  const [html] = useState(markup);
  const [events, setEvents] = useState([]);
  useEffect(() => {
    void import('kyc-verify/define');
    const kyc = wrapper.current.querySelector('kyc-verify');
    const listeners = [
      ...LOGGED.map((name) => [name, (event) => setEvents((seen) => [...seen, `${name} ${event.detail.uuid ?? ''}`])]),
      ['kyc-continue', () => router.refresh()], // shows the record onResult wrote
    ];
    for (const [name, listener] of listeners) kyc.addEventListener(name, listener);
    return () => listeners.forEach(([name, listener]) => kyc.removeEventListener(name, listener));
  }, [router]);
  return (
    <>
      <div ref={wrapper} dangerouslySetInnerHTML={{ __html: html }} />
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
