import { createHash } from 'node:crypto';

/** Seconds as m:ss (minutes unbounded), as the element shows its countdown. */
export const clockText = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The page's only script: keeps the capture timer live. The server writes its own time and the
 * step's deadline (or, for a stopwatch, its start) into the timer; the phone's clock only
 * measures the time since then, so a phone set to the wrong time still counts right. At zero the
 * page reloads, and the server shows what the step came to. Its m:ss is clockText's, in the browser.
 */
const COUNTDOWN_SCRIPT = `
const timer = document.querySelector('.timer[data-server-now]');
if (timer) {
  const skew = Number(timer.dataset.serverNow) - Date.now();
  const deadline = Number(timer.dataset.deadline);
  const started = Number(timer.dataset.started);
  const counting = timer.dataset.deadline !== undefined;
  const tick = () => {
    const now = Date.now() + skew;
    const ms = counting ? Math.max(0, deadline - now) : now - started;
    const seconds = counting ? Math.ceil(ms / 1000) : Math.floor(ms / 1000);
    timer.textContent = Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
    if (counting && seconds === 0) return location.reload();
    setTimeout(tick, counting ? ms % 1000 || 1000 : 1000 - (ms % 1000));
  };
  tick();
}
`;

export const COUNTDOWN_SCRIPT_HASH = `sha256-${createHash('sha256').update(COUNTDOWN_SCRIPT).digest('base64')}`;

/** The element whole, so that no template formatting can add whitespace that the hash does not cover. */
export const COUNTDOWN_SCRIPT_ELEMENT = `<script>${COUNTDOWN_SCRIPT}</script>`;
