// Scripted HTTP routes on the test runner's own server: a test PUTs a script of answers, the
// element requests real URLs, and each request takes the next answer (the last one repeats).
//
//   PUT  /scripted/<id>/script         { status: Answer[], session: Answer[], stream: StreamAnswer[], send: Answer[] }
//   GET  /scripted/<id>/status/<uuid>  next status answer (also GET /scripted/<id>/session/<uuid>);
//                                      with Accept: text/event-stream, the next stream answer instead
//   POST /scripted/<id>/session        next session answer
//   POST /scripted/<id>/status/<uuid>/send  next send answer (logged with its body)
//   GET  /scripted/<id>/log            every request so far but streams: { route, path, method, uuid, cookie, cacheControl, session, at }
//   GET  /scripted/<id>/streams        every stream request so far: { uuid, lastEventId, at, closedAt }
//   GET  /csp-page?status-url=…        the element alone on a page under a strict Content-Security-Policy
//
// Answer: { status = 200, body, raw (a body that is sent as it is), headers, delay (ms), fail: 'network' }
// StreamAnswer: an Answer (refusing the stream, as JSON), or { events: StreamEvent[], hold, ping (ms) }:
//   a text/event-stream that opens with `retry: 50` (so that a reconnection shows at once), sends
//   each { event, id, data, delay (ms, before it) } and then closes, or with `hold` stays open,
//   silent or with a ping every `ping` ms. Without a stream script, streams are refused with 405.

const scripts = new Map();
const ROUTE = /^\/scripted\/([\w-]+)\/(script|log|streams|status|session)(?:\/([^/]+))?(\/send)?$/;

const readBody = (req) =>
  new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function nextAnswer(answers, count) {
  return answers.length ? answers[Math.min(count, answers.length - 1)] : { status: 404, body: { message: 'no answer scripted' } };
}

// A page under a strict Content-Security-Policy (no inline script or style, no eval) that runs the element.
const STRICT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'";
const CSP_PAGE = `<!doctype html><html lang="en"><title>CSP</title><body><script type="module" src="/test/element/csp-page.ts"></script></body></html>`;

export async function scriptedStatusMiddleware(ctx, next) {
  if (ctx.path === '/csp-page') {
    ctx.set('content-security-policy', STRICT_CSP);
    ctx.type = 'text/html';
    ctx.body = CSP_PAGE;
    return;
  }
  const match = ROUTE.exec(ctx.path);
  if (!match) return next();
  const [, id, route, uuid, sending] = match;

  if (route === 'script') {
    const script = JSON.parse(await readBody(ctx.req));
    scripts.set(id, {
      status: script.status ?? [],
      session: script.session ?? [],
      stream: script.stream ?? [],
      send: script.send ?? [],
      log: [],
      streams: [],
    });
    ctx.status = 204;
    return;
  }
  const script = scripts.get(id);
  if (!script) {
    ctx.status = 404;
    return;
  }
  if (route === 'log' || route === 'streams') {
    ctx.set('cache-control', 'no-store');
    ctx.body = script[route];
    return;
  }
  if (ctx.get('accept').includes('text/event-stream')) return stream(ctx, script, uuid);

  const kind = sending ? 'send' : route === 'session' && ctx.method === 'POST' ? 'session' : 'status';
  const count = script.log.filter((entry) => entry.route === kind).length;
  script.log.push({
    route: kind,
    path: ctx.path,
    method: ctx.method,
    uuid: uuid ?? null,
    cookie: ctx.get('cookie'),
    cacheControl: ctx.get('cache-control'),
    session: ctx.get('kyc-verify-session') || null,
    ...(sending && { body: await readBody(ctx.req) }),
    at: Date.now(),
  });
  const answer = nextAnswer(script[kind], count);

  if (answer.delay) await sleep(answer.delay);
  if (answer.fail === 'network') {
    // A broken chunked body: the fetch fails mid-answer (a reset socket Chromium would quietly retry).
    ctx.respond = false;
    ctx.req.socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nnot a chunk\r\n');
    return;
  }
  send(ctx, answer);
}

/** A JSON answer: a status, or a stream refused. */
function send(ctx, answer) {
  ctx.status = answer.status ?? 200;
  ctx.set('cache-control', 'no-store');
  for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value);
  ctx.type = 'application/json';
  ctx.body = answer.raw ?? JSON.stringify(answer.body ?? null);
}

/** One connection of a status stream, as the wire contract of the host kit's stream has it. */
async function stream(ctx, script, uuid) {
  const logged = { uuid, lastEventId: ctx.get('last-event-id') || null, at: Date.now(), closedAt: null };
  const answer = script.stream.length ? nextAnswer(script.stream, script.streams.length) : { status: 405 };
  script.streams.push(logged);
  if (!answer.events) return send(ctx, answer);

  ctx.respond = false;
  const res = ctx.res;
  let open = true;
  let pinging;
  res.on('close', () => {
    open = false;
    clearInterval(pinging);
    logged.closedAt = Date.now();
  });
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 50\n\n');
  for (const { event, id, data, delay } of answer.events) {
    if (delay) await sleep(delay);
    if (!open) return;
    res.write(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  }
  if (!answer.hold) res.end();
  else if (answer.ping) pinging = setInterval(() => res.write('event: ping\ndata: {}\n\n'), answer.ping);
}
