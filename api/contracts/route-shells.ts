/**
 * `shells/routes.json`, written by the PWA build and read by the server to pick a page's HTML shell:
 * the build and the server agree on this shape and on nothing else. A `perLanguage` shell's `file` names its
 * language as `{lng}` (the page rendered in that language).
 */
export type RouteShellIndex = Record<string, { file: string; perLanguage: boolean; signedInOnly: boolean }>;
