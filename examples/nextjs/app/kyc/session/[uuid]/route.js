// GET /kyc/session/{uuid}: the status the element follows (its default status URL).
import { app } from '../../../../lib/kyc.js';

export const GET = async (request) => (await app()).kit.session(request);
