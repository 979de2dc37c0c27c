import { get } from 'node:http';

/**
 * A status stream on a connection of its own (node:http, no agent), as each browser holds one:
 * resolves once its first status came; `ended` gives all the stream sent, or rejects if the
 * connection broke before the server ended it.
 */
export function openRawStream(url: string, headers: Record<string, string>): Promise<{ ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`the stream answered ${response.statusCode}`));
      let text = '';
      const ended = new Promise<string>((end, broke) => {
        response.on('end', () => end(text));
        response.on('error', broke);
        response.on('aborted', () => broke(new Error('the connection broke before the stream ended')));
      });
      ended.catch(() => {});
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: status')) resolve({ ended });
      });
    });
    request.on('error', reject);
  });
}

/** Opens `count` streams of `url`, `batch` at a time, as browsers arrive (not all at once at the listen backlog). */
export async function openRawStreams(count: number, url: string, headers: Record<string, string>, batch = 100) {
  const streams: { ended: Promise<string> }[] = [];
  for (let opened = 0; opened < count; opened += batch)
    streams.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - opened) }, () => openRawStream(url, headers)))));
  return streams;
}
