import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The operator's site name, built into the bundle so the header shows it from the first paint
 * (GET /api/config still refreshes it). Read from OPERATOR_CONFIG, as the API does.
 */
export function operatorSiteName(root: string): string {
  try {
    const file = resolve(root, process.env.OPERATOR_CONFIG || 'operator.config.json');
    const { siteName } = JSON.parse(readFileSync(file, 'utf8')) as { siteName?: unknown };
    return typeof siteName === 'string' ? siteName : '';
  } catch {
    return '';
  }
}

export type OperatorContact = { supportEmail: string; supportPhone: string };

/** The support e-mail and phone, built in beside the site name: the header's first paint already has them. */
export function operatorContact(root: string): OperatorContact {
  try {
    const file = resolve(root, process.env.OPERATOR_CONFIG || 'operator.config.json');
    const { supportEmail, supportPhone } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return {
      supportEmail: typeof supportEmail === 'string' ? supportEmail : '',
      supportPhone: typeof supportPhone === 'string' ? supportPhone : '',
    };
  } catch {
    return { supportEmail: '', supportPhone: '' };
  }
}
