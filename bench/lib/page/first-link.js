// In-page probe of the first-link bench (bench/first-link/), added before the page's own scripts:
// `window.firstLink` is set to when the element's link was first on screen, in ms from
// navigation start (performance.now()), and what the page had downloaded by then. The link is the
// QR code's path with its `d` in mode qr, else the button with its href, each with a non-empty box:
// checked at every animation frame, so the time is that of the frame whose paint first shows it.
// The element is the page's, or the one the documentation site's playground shows (in the shadow
// root of <kyc-playground>); `window.firstLinkElement()` finds it for the bench too.

const LINK_IN_MODE_QR = '[part="qr"] path[d]';
const BUTTON = '[part="button"][href]';

function firstLinkElement() {
  return document.querySelector('kyc-verify') ?? document.querySelector('kyc-playground')?.shadowRoot?.querySelector('kyc-verify');
}
window.firstLinkElement = firstLinkElement;

function linkShown() {
  const element = firstLinkElement();
  const link = element?.shadowRoot?.querySelector(element.getAttribute('mode') === 'qr' ? LINK_IN_MODE_QR : BUTTON);
  const box = link?.getBoundingClientRect();
  return box !== undefined && box.width > 0 && box.height > 0;
}

/** Bytes on the wire (headers and compressed bodies) of every response complete by `time`, the page's own included. */
function downloadedBy(time) {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  const done = entries.filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= time);
  return { bytes: done.reduce((sum, entry) => sum + entry.transferSize, 0), files: done.map((entry) => new URL(entry.name).pathname) };
}

function frame() {
  if (!linkShown()) return void requestAnimationFrame(frame);
  const ms = performance.now();
  window.firstLink = { ms, ...downloadedBy(ms) };
}
requestAnimationFrame(frame);
