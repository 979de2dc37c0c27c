// Playwright Test's configuration for the example: Chromium as installed on the machine.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testMatch: 'playwright.spec.ts',
  use: {
    ...(process.env.CHROME_PATH && { launchOptions: { executablePath: process.env.CHROME_PATH, args: ['--no-sandbox'] } }),
    viewport: { width: 390, height: 844 },
  },
});
