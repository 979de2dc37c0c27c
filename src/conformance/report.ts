/** The report: one line per rule (✓ or ✗, its name, and on failure what was seen against what was expected, and why it matters). */
import type { Verdict } from './rules.js';

export function formatReport(verdicts: Verdict[]): string {
  const lines = verdicts.flatMap(({ passed, name, detail, why }) => {
    if (passed) return [`✓ ${name}${detail ? ` (${detail})` : ''}`];
    return [`✗ ${name}: ${detail}`, `    why it matters: ${why}`];
  });
  const passed = verdicts.filter((verdict) => verdict.passed).length;
  return [...lines, '', `${passed} of ${verdicts.length} rules passed`].join('\n');
}
