// POST /kyc/webhook: the service's webhooks.
import { app } from '../../../lib/kyc.js';

export const POST = async (request) => (await app()).kit.webhook(request);
