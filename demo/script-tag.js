// Plain JavaScript, served as is: logs the element's events.
import { KYC_EVENTS, logEntry } from './log.js';

const kyc = document.querySelector('kyc-verify');
const events = document.querySelector('#events');
for (const type of KYC_EVENTS) kyc.addEventListener(type, (event) => logEntry(events, type, event.detail));
