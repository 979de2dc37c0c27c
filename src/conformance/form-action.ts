/**
 * Whether a page's Content-Security-Policy lets its form lead to a URL: browsers check the
 * `form-action` directive at the form's submission and at every redirect that follows it, so a
 * right code that is redirected to the service's page needs that page's origin allowed too.
 * (Source expressions as CSP Level 3 matches them, the paths aside: after a redirect they are not checked.)
 */
export function formActionAllows(policy: string | null, pageUrl: string, url: string): boolean {
  const directive = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name?.toLowerCase() === 'form-action');
  // No form-action: no restriction (it never falls back to default-src).
  if (!directive) return true;
  const target = new URL(url);
  const page = new URL(pageUrl);
  return directive.slice(1).some((source) => matches(source, target, page));
}

function matches(source: string, target: URL, page: URL): boolean {
  const lower = source.toLowerCase();
  if (lower === "'self'") return target.origin === page.origin;
  if (lower === "'none'") return false;
  if (lower === '*') return /^https?:$/.test(target.protocol);
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return target.protocol === lower || (lower === 'http:' && target.protocol === 'https:');
  const parsed = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?/.exec(lower);
  if (!parsed) return false;
  const [, scheme, wildcard, host, port] = parsed;
  if (scheme && `${scheme}:` !== target.protocol && !(scheme === 'http' && target.protocol === 'https:')) return false;
  if (wildcard ? !target.hostname.endsWith(`.${host}`) : target.hostname !== host) return false;
  const defaultPort = target.protocol === 'https:' ? '443' : '80';
  return port === '*' || (port ?? defaultPort) === (target.port || defaultPort);
}
