import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActions, auditFields, auditSubjects } from '../../../../../api/contracts/audit';
import { LANGUAGE_CODES } from '../../../config/languages';
import { auditActionKey, auditFieldKey, auditSubjectKey } from './audit-wording';

// api/modules/audit/recorded-audit.test.ts holds every recordAudit call to the shared lists; this holds the lists
// to the operator's language, so no action, subject or field shows on the audit page as its stored name.
const localesDir = join(import.meta.dirname, '../../../../../locales');
type Tree = { [key: string]: string | Tree };
const textAt = (tree: Tree, key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

describe.each(LANGUAGE_CODES)('the audit log in %s', (language) => {
  const desk = JSON.parse(readFileSync(join(localesDir, language, 'admin-desk.json'), 'utf8')) as Tree;
  const unworded = (keys: string[]) =>
    keys.filter((key) => {
      const text = textAt(desk, key);
      return typeof text !== 'string' || text.trim() === '';
    });

  it('words every action, subject and field the API can record', () => {
    expect(unworded(auditActions.map(auditActionKey)), `${language}/admin-desk.json`).toEqual([]);
    expect(unworded(auditSubjects.map(auditSubjectKey)), `${language}/admin-desk.json`).toEqual([]);
    expect(unworded(auditFields.map(auditFieldKey)), `${language}/admin-desk.json`).toEqual([]);
  });
});
