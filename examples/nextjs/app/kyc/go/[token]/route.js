// GET /kyc/go/{token}: the short link of the QR code and the button, to the service's verification link.
import { app } from '../../../../lib/kyc.js';

export const GET = async (request) => (await app()).kit.go(request);
