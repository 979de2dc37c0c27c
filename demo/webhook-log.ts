/** The webhook handler of a demo backend that shows what it receives: the demo's host and the site's playground (site-src/worker). */

/** `webhook`, telling `tell` each delivery's JSON body (null when unreadable) before it handles the delivery. */
export function loggingWebhooks(webhook: (request: Request) => Promise<Response>, tell: (body: unknown) => void) {
  return async (request: Request): Promise<Response> => {
    tell(
      await request
        .clone()
        .json()
        .catch(() => null),
    );
    return webhook(request);
  };
}
