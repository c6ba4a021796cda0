import type { Middleware } from 'koa';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../contracts/input-rules';
import { badRequest } from './domain-errors';

export const unsafeInputMessage = 'Request contains characters that are not allowed';

/**
 * The dotted path of the first string, or object key, holding NUL or a lone surrogate, else undefined.
 * Iterative: a 100 kB JSON body can nest tens of thousands of levels deep.
 */
export function findUnsafeString(root: unknown, rootPath: string): string | undefined {
  const pending: Array<[unknown, string]> = [[root, rootPath]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenCharacters(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        // A bad key is reported by its parent's path, so the answer never echoes it.
        if (hasForbiddenCharacters(key)) return path;
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

type UploadedFile = { originalFilename?: string | null };

/**
 * Defence in depth behind the zod schemas (`safeString`): no string with NUL or a lone surrogate, in
 * the body (JSON, form or multipart fields and file names), the query or the route's params, reaches
 * a handler. PostgreSQL refuses both, so without this a forgotten schema would be a 500.
 */
export const refuseUnsafeInput: Middleware = async (ctx, next) => {
  const files = Object.values((ctx.request.files ?? {}) as Record<string, UploadedFile | UploadedFile[]>)
    .flat()
    .map((file) => file.originalFilename ?? '');
  const field =
    findUnsafeString(ctx.request.body, '') ??
    findUnsafeString(ctx.query, '') ??
    findUnsafeString((ctx as { params?: unknown }).params, '') ??
    (files.some(hasForbiddenCharacters) ? 'file' : undefined);
  if (field !== undefined) throw badRequest(unsafeInputMessage, { [field || 'body']: forbiddenCharactersMessage });
  await next();
};
