import { expect } from '@open-wc/testing';
import { mount, sleep, until } from './scripted.js';

// The QR encoder is a module of its own; whether this page asked for it shows in its resource timings.
const encoderRequested = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/qr-path.'));

// One page for the whole file: the encoder, once loaded, stays. So the element that must not load it comes first.
describe('<kyc-verify> loading the QR encoder', () => {
  it('does not download it for an element that shows the button only', async () => {
    const { element } = await mount({ mode: 'button', defer: '', 'session-url': '/never-asked' });
    await element.updateComplete;
    await sleep(300);
    expect(encoderRequested()).to.equal(false);
  });

  it('starts downloading it as soon as an element that draws QR codes renders, before it has any link', async () => {
    const { element } = await mount({ mode: 'qr', defer: '', 'session-url': '/never-asked' });
    await until(encoderRequested);
    expect(element.shadowRoot!.querySelector('[part="qr"] path')).to.equal(null);
  });
});
