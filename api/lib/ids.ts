import { intId } from '../contracts/input-rules';
import { notFound } from './domain-errors';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value);

/** A route's `:id` as a uuid; anything else is a 404 (never a database error). */
export function uuidParam(params: unknown, notFoundMessage: string, name = 'id'): string {
  const value = (params as Record<string, unknown>)[name];
  if (!isUuid(value)) throw notFound(notFoundMessage);
  return value;
}

/** A route's `:id` as an integer id (digits only, inside PostgreSQL's `integer`); anything else is a 404. */
export function intParam(params: unknown, notFoundMessage: string, name = 'id'): number {
  const value = (params as Record<string, unknown>)[name];
  const parsed = typeof value === 'string' && /^\d{1,10}$/.test(value) ? intId.safeParse(value) : undefined;
  if (!parsed?.success) throw notFound(notFoundMessage);
  return parsed.data;
}
