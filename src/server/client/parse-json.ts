/** The parsed JSON, or `undefined` when `text` is not JSON (callers decide what that means). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
