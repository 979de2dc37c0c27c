// Serves the built app (`next build` first: `npm start` does both) on a free loopback port, and
// tells the kit that address (PUBLIC_URL), where the sandbox delivers its webhooks.
import { createServer } from 'node:http';
import next from 'next';

const app = next({ dev: false, hostname: '127.0.0.1' });
const handle = app.getRequestHandler();
await app.prepare();
const server = createServer((req, res) => handle(req, res)).listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.env.PUBLIC_URL = `http://127.0.0.1:${server.address().port}`;
  console.log(process.env.PUBLIC_URL);
});
