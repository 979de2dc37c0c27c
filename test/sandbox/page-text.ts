/** What a person reads on a sandbox page's HTML: no head, no script, a closed <details> as its summary alone, no tags. */
export function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<script>[\s\S]*?<\/script>/g, '')
    .replace(/<details(?![^>]*\sopen)[^>]*>[\s\S]*?<summary>([\s\S]*?)<\/summary>[\s\S]*?<\/details>/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An issue code of the service (001 to 016, time_out) standing alone in a text. */
export const ISSUE_CODE = /\b0(?:0[1-9]|1[0-6])\b|time_out/;
