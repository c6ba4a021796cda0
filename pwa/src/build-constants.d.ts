/** Set by vite.config.ts (and vitest.config.ts) `define`: the operator's site name at build time. */
declare const __OPERATOR_SITE_NAME__: string;
/** Set the same way: the operator's support e-mail and phone at build time. */
declare const __OPERATOR_CONTACT__: { supportEmail: string; supportPhone: string };
