// Debian's Chromium, as every browser test and benchmark launches it (CHROME_PATH overrides the path).
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Headless as root in a container, with no network but loopback: no sandbox, GPU, or background calls home. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
