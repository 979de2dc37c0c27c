/**
 * The playground page's side of its Service Worker (site-src/worker/sw.ts), which runs the kit and the
 * sandbox: registers it, waits until it controls the page, hands it the backend's options, relays
 * what the backend saw, and notices a restarted worker (a new `boot` in its answers), whose memory,
 * the transactions with it, started empty.
 */
import { BACKEND_CHANNEL, type BackendEntry, type OptionsMessage, type WorkerAnswer } from '../worker/messages.js';

/** How often the page asks the worker which run it is: each question also keeps an idle worker from being stopped. */
const HEARTBEAT_MS = 10_000;

export interface Backend {
  /** Hands the worker the options of the next verifications (a query string of `demoRequest`'s); resolves once taken. */
  useOptions(options: string): Promise<void>;
  /** Asks the worker now whether it restarted (the heartbeat asks every 10 s). */
  check(): Promise<void>;
  close(): void;
}

export interface BackendListeners {
  entry(entry: BackendEntry): void;
  /** The worker restarted: the backend's memory is empty again (the options were handed again). */
  restarted(): void;
}

export async function connectBackend(workerUrl: URL, listeners: BackendListeners): Promise<Backend> {
  const { serviceWorker } = navigator;
  if (!serviceWorker) throw new Error('This browser runs no Service Worker here (a private window, or a page not served over https)');
  await serviceWorker.register(workerUrl, { scope: './' });
  // The first visit: the worker takes this page once active (it claims its clients).
  if (!serviceWorker.controller)
    await new Promise((resolve) => serviceWorker.addEventListener('controllerchange', resolve, { once: true }));

  let options = '';
  const ask = (message: OptionsMessage | { type: 'ping' }) =>
    new Promise<WorkerAnswer>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<WorkerAnswer>) => resolve(event.data);
      serviceWorker.controller!.postMessage(message, [channel.port2]);
    });
  let { boot } = await ask({ type: 'ping' });
  const check = async () => {
    const answer = await ask({ type: 'options', options });
    if (answer.boot === boot) return;
    boot = answer.boot;
    listeners.restarted();
  };

  const channel = new BroadcastChannel(BACKEND_CHANNEL);
  channel.onmessage = (event: MessageEvent<BackendEntry>) => listeners.entry(event.data);
  const heartbeat = setInterval(() => void check(), HEARTBEAT_MS);
  // A new version of the worker took over: a fresh memory too.
  serviceWorker.addEventListener('controllerchange', () => void check());
  return {
    async useOptions(query) {
      options = query;
      await check();
    },
    check,
    close() {
      clearInterval(heartbeat);
      channel.close();
    },
  };
}
