import type { RequestContext } from '../state/background.js';

/**
 * Who is calling, as the backend knows it (its session or user id); `null` or `undefined` for nobody.
 * Give the same function to the session and status handlers: a transaction answers only to its creator.
 * `context` is what the mount passed with the request (`{ req, res }` under `toNodeHandler`, so
 * `req.session` and `req.user` of the host's middleware), `{}` when it passed nothing.
 */
export type OwnerOf<Context extends RequestContext = RequestContext> = (
  request: Request,
  context: Context,
) => string | null | undefined | Promise<string | null | undefined>;
