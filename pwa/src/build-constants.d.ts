/** Set by vite.config.ts (and vitest.config.ts) `define`: the operator's site name at build time. */
declare const __OPERATOR_SITE_NAME__: string;
