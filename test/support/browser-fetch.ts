/**
 * A request with exactly the headers given, as a browser's navigation sends them: Node's `fetch`
 * writes `Sec-Fetch-Mode: cors` over any other, so a phone opening a link is played on node:http.
 * Redirects are never followed; the answer is a Fetch `Response`.
 */
import { request as httpRequest } from 'node:http';

export function browserFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(target, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const body = Buffer.concat(chunks);
        resolve(new Response(body.length ? body : null, { status: res.statusCode!, headers }));
      });
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}
