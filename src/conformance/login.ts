/** The login the command line gives (`--cookie`, `--header`), read and checked. */
import type { Login } from './http.js';

/** The login of `cookies` (`name=value`) and `headers` (`Name: value`), or what is wrong with one of them. */
export function loginOf(cookies: string[], headers: string[]): Login | string {
  const badCookie = cookies.find((cookie) => !/^[^=;\s]+=[^;]*$/.test(cookie.trim()));
  if (badCookie !== undefined) return `--cookie ${JSON.stringify(badCookie)}: expected NAME=VALUE`;
  const login: Login = { cookies: cookies.map((cookie) => cookie.trim()), headers: {} };
  for (const header of headers) {
    const at = header.indexOf(':');
    const name = header.slice(0, at).trim().toLowerCase();
    if (at < 1 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) return `--header ${JSON.stringify(header)}: expected 'NAME: VALUE'`;
    login.headers[name] = header.slice(at + 1).trim();
  }
  return login;
}
