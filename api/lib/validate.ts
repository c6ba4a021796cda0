import type { ZodType, z } from 'zod';
import { badRequest } from './domain-errors';

/** Turns zod issues into `{field: message}`, the first message per field. */
export function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

export function parseOrThrow<T extends ZodType>(schema: T, input: unknown, message = 'Invalid request'): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(message, fieldErrors(result.error.issues));
  return result.data;
}
