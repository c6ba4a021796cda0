/** Audit rows hold JSON (an object, or its text on some drivers). */
function asRecord(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return asRecord(JSON.parse(value));
    } catch {
      return { value };
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const show = (value: unknown) =>
  value === null || value === undefined ? '–' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * before/after of an audit row, compactly: one line per field that changed ("status: pending → confirmed"),
 * or per field set when there was no before.
 */
export function describeChange(before: unknown, after: unknown): string[] {
  const old = asRecord(before) ?? {};
  const next = asRecord(after) ?? {};
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return keys
    .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(next[key]))
    .map((key) => (key in old ? `${key}: ${show(old[key])} → ${show(next[key])}` : `${key}: ${show(next[key])}`));
}
