import { expect } from '@open-wc/testing';
import { script, status, UUID, VERIFICATION_URL } from './scripted.js';

describe('<kyc-verify> under a strict Content-Security-Policy', () => {
  it('renders its styles and QR code and runs to the end with no violation', async () => {
    const scripted = await script({ status: [status('pending'), status('pending'), status('successful')] });
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
      const { violations, rendered, sawQr } = await report;
      expect(violations).to.deep.equal([]);
      expect(sawQr, 'QR code drawn and styles applied').to.equal(true);
      expect(rendered).to.equal('Your identity is verified.');
    } finally {
      frame.remove();
    }
  });
});
