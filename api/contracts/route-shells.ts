/**
 * `shells/routes.json`, written by the PWA build and read by the server to pick a page's HTML shell:
 * the build and the server agree on this shape and on nothing else.
 */
export type RouteShellIndex = Record<string, { file: string; servedFile?: string; signedInOnly: boolean }>;
