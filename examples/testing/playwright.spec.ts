// Playwright Test — `npx playwright test`: a sandbox already running (SANDBOX_URL), its verification
// page walked as a phone would, and the webhook checked in the sandbox's log.
import { expect, test } from '@playwright/test';
import { connectSandbox, walkVerificationPage } from 'kyc-verify/testing';

const sandbox = connectSandbox(process.env.SANDBOX_URL ?? 'http://127.0.0.1:4010');
const webhook = process.env.WEBHOOK_URL ?? 'http://127.0.0.1:3000/kyc/webhook';

test('the person walks the page to the end: the webhook says successful', async ({ page }) => {
  const { uuid, validator_url } = await sandbox.createTransaction({ webhook });
  await walkVerificationPage(page, validator_url);
  await expect(page.getByRole('status')).toBeVisible();
  const [delivery] = await sandbox.waitForDelivery({ uuid });
  expect(delivery.payload.complete).toBe(true);
});

test('a blurry document three times: the verification fails', async ({ page }) => {
  const { uuid, validator_url } = await sandbox.createTransaction({ webhook, tries: 3 });
  const choices = await walkVerificationPage(page, validator_url, { failed: '003' });
  expect(choices).toEqual(['003', '003', '003']);
  const [delivery] = await sandbox.waitForDelivery({ uuid });
  expect(delivery.payload.failed).toBe(true);
});
