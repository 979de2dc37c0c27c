// POST /kyc/session: the element's session request.
import { app } from '../../../lib/kyc.js';

export const POST = async (request) => (await app()).kit.session(request);
