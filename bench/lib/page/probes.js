// In-page probes of the bench (element.ts, reaction.ts). Plain JavaScript served as the page's own
// module, so Node calls them by name instead of shipping transpiled functions into the page.

const STATUS_URL = '/kyc/status/{uuid}';
const VERIFICATION_URL = 'https://verify.example.com';
const TIMEOUT_MS = 10_000;

function withTimeout(promise, what) {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing after ${TIMEOUT_MS} ms`)), TIMEOUT_MS)),
  ]);
}

function createElement(attributes) {
  const element = document.createElement('kyc-verify');
  element.setAttribute('status-url', STATUS_URL);
  element.setAttribute('verification-url', VERIFICATION_URL);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const firstAnswer = (element) => new Promise((resolve) => element.addEventListener('kyc-state-change', resolve, { once: true }));

/** Milliseconds from setting `transaction` to the first animation frame after the QR's path exists. */
async function qrPaintTime() {
  const element = createElement({ mode: 'qr' });
  document.body.append(element);
  await element.updateComplete;
  const painted = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!element.shadowRoot.querySelector('[part="qr"] path')) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(element.shadowRoot, { childList: true, subtree: true });
  });
  const start = performance.now();
  element.transaction = crypto.randomUUID();
  try {
    return (await withTimeout(painted, 'QR paint')) - start;
  } finally {
    element.remove();
  }
}

/** Create an element, wait for its first poll's answer, remove it; `count` times, one after the other. */
async function pollCycles(count) {
  for (let i = 0; i < count; i++) {
    const element = createElement({ mode: 'qr', transaction: crypto.randomUUID() });
    const answered = firstAnswer(element);
    document.body.append(element);
    await withTimeout(answered, 'first poll');
    element.remove();
  }
}

/** When each watched transaction's `kyc-successful` fired (Date.now(), the clock Node reads too), by uuid. */
const successAt = {};
/** When each watched transaction first showed each step (Date.now()), by uuid then step. */
const stepAt = {};
/** When each watched transaction first said its short link was opened (`detail.handoff`), by uuid. */
const handoffAt = {};

/**
 * Mounts one element per uuid, following through the host's status stream when `stream`, else
 * polling every `interval` ms; resolves once every one has had its first answer. The mounts are spread over one interval, so the elements do not poll in lockstep
 * (a burst of polls at one instant would time the burst, not the polling).
 */
async function watch(uuids, interval, stream) {
  const answered = uuids.map(async (uuid, index) => {
    await new Promise((resolve) => setTimeout(resolve, (index / uuids.length) * interval));
    const attributes = { mode: 'button', transaction: uuid, 'poll-interval': String(interval), ...(stream ? {} : { 'no-stream': '' }) };
    const element = createElement(attributes);
    element.addEventListener('kyc-successful', () => (successAt[uuid] = Date.now()), { once: true });
    element.addEventListener('kyc-state-change', ({ detail }) => {
      (stepAt[uuid] ??= {})[detail.step] ??= Date.now();
      if (detail.handoff) handoffAt[uuid] ??= Date.now();
    });
    const first = firstAnswer(element);
    document.body.append(element);
    return first;
  });
  await withTimeout(Promise.all(answered), 'first polls');
}

function unwatchAll() {
  for (const element of document.querySelectorAll('kyc-verify')) element.remove();
}

window.benchProbes = { qrPaintTime, pollCycles, watch, successAt, stepAt, handoffAt, unwatchAll };
