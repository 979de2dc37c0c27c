// Registers <kyc-verify> (once, even when two copies of the bundle are loaded).
import { KycVerify } from './element/kyc-verify.js';

export * from './index.js';

if (!customElements.get('kyc-verify')) customElements.define('kyc-verify', KycVerify);
