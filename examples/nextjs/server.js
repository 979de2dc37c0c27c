// Serves the built app (`next build` first: `npm start` does both) on PORT (a free one by default) of
// HOST (127.0.0.1), and tells the kit where browsers, phones and the service reach it: PUBLIC_URL
// as the environment gives it, else this address.
import { createServer } from 'node:http';
import next from 'next';

const hostname = process.env.HOST ?? '127.0.0.1';
const app = next({ dev: false, hostname });
const handle = app.getRequestHandler();
await app.prepare();
const server = createServer((req, res) => handle(req, res)).listen(Number(process.env.PORT ?? 0), hostname, () => {
  process.env.PUBLIC_URL = (process.env.PUBLIC_URL ?? `http://127.0.0.1:${server.address().port}`).replace(/\/+$/, '');
  console.log(process.env.PUBLIC_URL);
});
