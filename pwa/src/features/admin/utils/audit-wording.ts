// Where the audit page finds the words for an entry, all in the admin-desk namespace. i18next reads `.` as a key
// separator, so an action's dots become underscores. Each name in api/contracts/audit.ts has its words in every
// language (audit-wording.test.ts); a row written before a name was listed shows it as stored.

export const auditActionKey = (action: string) => `audit.actions.${action.replace(/\./g, '_')}`;
export const auditSubjectKey = (subject: string) => `audit.subjects.${subject.replace(/\./g, '_')}`;
export const auditFieldKey = (field: string) => `audit.fields.${field.replace(/\./g, '_')}`;
