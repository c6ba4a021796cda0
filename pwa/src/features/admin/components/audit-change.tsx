import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { auditFieldKey } from '../utils/audit-wording';
import { describeChange, kindOfValue } from '../utils/describe-change';
import { money } from '../utils/money';
import { ShortValue } from './short-value';

// Values that are one unbreakable token: kept on one line, cut, and copyable, as in the other tables.
const shortKinds: Record<string, 'email' | 'hash'> = { email: 'email', address: 'hash', txHash: 'hash' };

/** A long unbroken token (an e-mail, a hash, a root, a filter) is cut and copyable, never split across lines. */
function oneLine(key: string, text: string) {
  return shortKinds[key] || /^\S{24,}$/.test(text) ? (
    <ShortValue kind={shortKinds[key] ?? 'hash'} value={text} />
  ) : (
    text
  );
}

/**
 * What an admin action changed, as the operator reads it: money as money ($1,200.00), statuses and yes/no as
 * words, times in this browser's (the admin's) zone; the stored JSON one click away, as the record of truth.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  const { t: desk } = useTranslation('admin-desk');
  const format = useFormat();
  const word = (key: string, value: unknown) => {
    switch (kindOfValue(key, value)) {
      case 'empty':
        return '–';
      case 'boolean':
        return value ? t('users.verifiedYes') : t('users.verifiedNo');
      case 'money':
        return money(format, (value as number) / 100);
      case 'moneyList':
        return (value as number[]).map((cents) => money(format, cents / 100)).join(', ');
      case 'basisPoints':
        return format.percent((value as number) / 100, { signDisplay: 'auto' });
      case 'status':
        return t(`status.${value as string}`, { defaultValue: value as string });
      case 'time':
        return format.dateTime(value as string);
      case 'json':
        return oneLine(key, JSON.stringify(value));
      default:
        return oneLine(key, String(value));
    }
  };
  const changes = describeChange(before, after);
  if (changes.length === 0 && before == null && after == null) return null;
  return (
    <div className="admin-audit-change">
      <dl className="admin-change">
        {changes.map((change) => (
          <div key={change.key}>
            <dt>{desk(auditFieldKey(change.key), { defaultValue: change.key })}</dt>
            <dd dir="auto">
              {change.hadBefore ? (
                <>
                  {word(change.key, change.before)} <span aria-hidden="true">→</span>
                  <span className="visually-hidden">{desk('audit.becomes')}</span> {word(change.key, change.after)}
                </>
              ) : (
                word(change.key, change.after)
              )}
            </dd>
          </div>
        ))}
      </dl>
      <details className="admin-raw">
        <summary>{desk('audit.raw')}</summary>
        <pre dir="ltr">{JSON.stringify({ before: before ?? null, after: after ?? null }, null, 2)}</pre>
      </details>
    </div>
  );
}
