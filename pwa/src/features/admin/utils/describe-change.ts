/** Audit rows hold JSON (an object, or its text on some drivers). */
export function asRecord(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return asRecord(JSON.parse(value));
    } catch {
      return { value };
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** One field of an audit row that changed: its raw values, `before` absent when the row had no before. */
export type FieldChange = { key: string; after: unknown } & (
  { hadBefore: true; before: unknown } | { hadBefore: false }
);

/**
 * before/after of an audit row, compactly: the fields that changed ("status: pending → confirmed"), or those
 * set when there was no before. The values stay raw; the page words them (money, statuses, times).
 */
export function describeChange(before: unknown, after: unknown): FieldChange[] {
  const old = asRecord(before) ?? {};
  const next = asRecord(after) ?? {};
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return keys
    .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(next[key]))
    .map((key) =>
      key in old
        ? { key, hadBefore: true, before: old[key], after: next[key] }
        : { key, hadBefore: false, after: next[key] },
    );
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** How a value reads: money kept in cents (one or a list), basis points, a status, a moment, yes/no, or text as it is. */
export type ValueKind =
  'money' | 'moneyList' | 'basisPoints' | 'status' | 'time' | 'boolean' | 'empty' | 'json' | 'text';

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function kindOfValue(key: string, value: unknown): ValueKind {
  if (value === null || value === undefined) return 'empty';
  if (typeof value === 'boolean') return 'boolean';
  if (/cents$/i.test(key) && isAmount(value)) return 'money';
  if (/cents$/i.test(key) && Array.isArray(value) && value.length > 0 && value.every(isAmount)) return 'moneyList';
  if (/basisPoints$/i.test(key) && isAmount(value)) return 'basisPoints';
  if (key === 'status' && typeof value === 'string') return 'status';
  if (typeof value === 'string' && isoTime.test(value) && !Number.isNaN(Date.parse(value))) return 'time';
  if (typeof value === 'object') return 'json';
  return 'text';
}
