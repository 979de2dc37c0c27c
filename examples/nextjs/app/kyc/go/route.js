// GET and POST /kyc/go: the typed code's page, where a person who cannot scan types the code.
import { app } from '../../../lib/kyc.js';

const go = async (request) => (await app()).kit.go(request);
export { go as GET, go as POST };
