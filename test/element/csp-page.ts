// Runs inside /csp-page (strict CSP): renders the element through a whole verification and reports
// every CSP violation to the parent test.
import '../../src/define.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective}: ${event.blockedURI}`));

const params = new URLSearchParams(location.search);
const element = document.createElement('kyc-verify');
for (const [name, value] of params) element.setAttribute(name, value);
element.addEventListener('kyc-successful', async () => {
  await element.updateComplete;
  const rendered = element.shadowRoot!.querySelector('[part="title"]')!.textContent;
  parent.postMessage({ violations, rendered, sawQr: sawQr }, '*');
});
let sawQr = false;
element.addEventListener('kyc-state-change', async () => {
  await element.updateComplete;
  sawQr ||= element.shadowRoot!.querySelector('[part="qr"] path') !== null && getComputedStyle(element).display === 'block';
});
document.body.append(element);
