/**
 * Who may use the sandbox-only controls (`/sandbox` and below: outcomes, the clock, the webhook log
 * and its faults, the controls page; docs/sandbox.md, "Sandbox-only controls"). They need no token
 * and the built-in clients' secrets are public, so the guard is where the caller is:
 *
 * - a caller on this machine's loopback only: a sandbox listening on the network for a phone
 *   serves its pages there, never its controls (a caller on the LAN could delay every webhook);
 * - a `Host` that names loopback or the sandbox's own public host: a page whose name was rebound to
 *   127.0.0.1 (DNS rebinding) reaches the socket, but says its own name;
 * - a POST or DELETE from the sandbox's own pages or from a program: a page of another site
 *   (`Sec-Fetch-Site` cross-site or same-site, or an `Origin` other than the request's own) could
 *   otherwise post a fault from the tester's browser.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { isLoopbackHost } from './allowed-hosts.js';
import type { SandboxEnv } from './context.js';
import { ApiError, resourceOf } from './errors.js';

/** The paths the guard covers: the controls page and everything under `/sandbox/`. */
export const CONTROL_PATHS = ['/sandbox', '/sandbox/*'];

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** The guard; `publicUrl` is the sandbox's own origin as others reach it (the one Host besides loopback it answers to). */
export const controlsGuard = (publicUrl: () => string) =>
  createMiddleware<SandboxEnv>(async (c, next) => {
    const refusal = refusalOf(getConnInfo(c).remote.address ?? '', c.req.header('host'), publicUrl(), c.req.method, {
      site: c.req.header('sec-fetch-site'),
      origin: c.req.header('origin'),
    });
    if (refusal) throw new ApiError(403, resourceOf(c.req.path), 'Forbidden', refusal);
    await next();
  });

/** Why a control request is refused, or null when it may proceed. */
function refusalOf(
  caller: string,
  host: string | undefined,
  publicUrl: string,
  method: string,
  { site, origin }: { site: string | undefined; origin: string | undefined },
): string | null {
  if (!isLoopbackHost(caller)) return "The sandbox's controls answer callers on the sandbox's machine only";
  const hostname = host && URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : '';
  if (!isLoopbackHost(hostname) && hostname !== new URL(publicUrl).hostname)
    return `The sandbox's controls answer requests for its own host only, not ${host ?? 'a request without a Host'}`;
  if (SAFE_METHODS.includes(method)) return null;
  if (
    site === 'cross-site' ||
    site === 'same-site' ||
    (origin !== undefined && origin !== `http://${host}` && origin !== new URL(publicUrl).origin)
  )
    return "The sandbox's controls take a change from the sandbox's own pages or from a program, not from a page of another site";
  return null;
}
