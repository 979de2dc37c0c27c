/**
 * The slow phone every run of the first-link bench is loaded on, through the Chrome DevTools
 * Protocol: the CPU 4× slower (Lighthouse's mobile slowdown) and DevTools' "Slow 4G" network
 * preset, which is Lighthouse's mobile "Slow 4G" (150 ms round trip, 1.6 Mbps down, 750 kbps up)
 * adjusted, as Lighthouse adjusts it for throttling in DevTools, to a latency applied once per
 * request rather than per packet round trip: 150 × 3.75 ms per request and 90 % of the throughput.
 */
import type { CDPSession } from 'playwright-core';

export const CPU_SLOWDOWN = 4;
export const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

/** Slows the page of `cdp` down to the slow phone, before it navigates. */
export async function emulateSlowPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}
