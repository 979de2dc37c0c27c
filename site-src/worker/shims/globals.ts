/**
 * Node's Buffer, which a Service Worker lacks, as the worker's modules use it: the sandbox measures a
 * webhook's body with Buffer.byteLength, and its tokens' secret and the options' key are written in
 * base64url, an encoding the browser's `buffer` package does not know (it knows base64). A function,
 * called first thing by the worker: the package's `sideEffects` would let the build drop a bare import.
 */
import { Buffer } from 'buffer';

export function installNodeGlobals(): void {
  const toString = Buffer.prototype.toString;
  Buffer.prototype.toString = function (this: Buffer, encoding?: string, start?: number, end?: number) {
    if (encoding !== 'base64url') return toString.call(this, encoding as BufferEncoding, start, end);
    return toString.call(this, 'base64', start, end).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  };
  (globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;
}
