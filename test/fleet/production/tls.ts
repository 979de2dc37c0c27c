/**
 * The production-shape run's certificate, made by the test with openssl: a CA of its own, and a
 * certificate for shop.test (and 127.0.0.1, where the KYC service delivers its webhooks) that it
 * signed. Chromium trusts the CA by its key (`--ignore-certificate-errors-spki-list`: errors of a
 * chain holding that key only, every other certificate still checked); Node processes by
 * NODE_EXTRA_CA_CERTS.
 */
import { execFile } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const OPENSSL = process.env.OPENSSL ?? 'openssl';

export interface Certificate {
  /** The server's certificate followed by the CA's, as nginx serves them. */
  chain: string;
  key: string;
  /** The CA's certificate alone (NODE_EXTRA_CA_CERTS). */
  ca: string;
  /** The CA's public key as Chromium names it: base64 of the SHA-256 of its SubjectPublicKeyInfo. */
  caKeyHash: string;
}

/** A CA and a certificate for `hostname` and 127.0.0.1, valid two days, written into `dir`. */
export async function makeCertificate(dir: string, hostname: string): Promise<Certificate> {
  const file = (name: string) => join(dir, name);
  const p256 = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await run(OPENSSL, [
    'req',
    '-x509',
    ...p256,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=kyc-verify production-shape test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  ]);
  await run(OPENSSL, ['req', ...p256, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${hostname}`]);
  await writeFile(
    file('server.ext'),
    `subjectAltName=DNS:${hostname},IP:127.0.0.1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`,
  );
  await run(OPENSSL, [
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  ]);
  const ca = await readFile(file('ca.pem'), 'utf8');
  await writeFile(file('chain.pem'), (await readFile(file('server.pem'), 'utf8')) + ca);
  const spki = new X509Certificate(ca).publicKey.export({ type: 'spki', format: 'der' });
  return {
    chain: file('chain.pem'),
    key: file('server.key'),
    ca: file('ca.pem'),
    caKeyHash: createHash('sha256').update(spki).digest('base64'),
  };
}
