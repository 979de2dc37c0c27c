/** The report: one line per rule (✓ or ✗, its name, and on failure what was seen against what was expected, and why it matters). */
import { RULES, type Findings } from './rules.js';

export function formatReport({ verdicts, stopped }: Findings): string {
  const lines = verdicts.flatMap(({ passed, name, detail, why }) => {
    if (passed) return [`✓ ${name}${detail ? ` (${detail})` : ''}`];
    return [`✗ ${name}: ${detail}`, `    why it matters: ${why}`];
  });
  const total = Object.keys(RULES).length;
  if (stopped)
    return [...lines, ...(lines.length ? [''] : []), `stopped after ${verdicts.length} of ${total} rules: ${stopped}`].join('\n');
  const passed = verdicts.filter((verdict) => verdict.passed).length;
  return [...lines, '', `${passed} of ${total} rules passed`].join('\n');
}

/** Whether every rule was checked and passed. */
export const allPassed = ({ verdicts, stopped }: Findings) => !stopped && verdicts.every((verdict) => verdict.passed);
