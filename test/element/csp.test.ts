import { expect } from '@open-wc/testing';
import { script, type Scripted, status, statusEvent, UUID, VERIFICATION_URL } from './scripted.js';

/** Runs the element on /csp-page against `scripted` until it succeeds: what the page reports. */
async function runOnCspPage(scripted: Scripted) {
  const query = new URLSearchParams({
    transaction: UUID,
    'status-url': scripted.statusUrl,
    'verification-url': VERIFICATION_URL,
    'poll-interval': '100',
    mode: 'qr',
    lang: 'en',
  });
  const frame = document.createElement('iframe');
  const report = new Promise<{ violations: string[]; rendered: string; sawQr: boolean }>((resolve) =>
    window.addEventListener('message', (event) => resolve(event.data), { once: true }),
  );
  frame.src = `/csp-page?${query}`;
  document.body.append(frame);
  try {
    return await report;
  } finally {
    frame.remove();
  }
}

describe('<kyc-verify> under a strict Content-Security-Policy', () => {
  it('renders its styles and QR code and runs to the end with no violation', async () => {
    const scripted = await script({ status: [status('pending'), status('pending'), status('successful')] });
    const { violations, rendered, sawQr } = await runOnCspPage(scripted);
    expect(violations).to.deep.equal([]);
    expect(sawQr, 'QR code drawn and styles applied').to.equal(true);
    expect(rendered).to.equal('Your identity is verified.');
  });

  it('follows the status stream to the end under connect-src self with no violation', async () => {
    const scripted = await script({
      // The first poll says that the status streams.
      status: [status('pending', { stream: true })],
      stream: [{ events: [statusEvent('v1', 'pending'), statusEvent('v2', 'successful', {}, 100)] }],
    });
    const { violations, rendered } = await runOnCspPage(scripted);
    expect(violations).to.deep.equal([]);
    expect(rendered).to.equal('Your identity is verified.');
    expect(await scripted.streams()).to.have.length(1);
    expect(await scripted.log()).to.have.length(1);
  });
});
