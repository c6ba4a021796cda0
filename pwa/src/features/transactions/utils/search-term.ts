import type { TFunction } from 'i18next';

const statuses = ['pending', 'confirmed', 'rejected', 'paid', 'completed'] as const;
const coins = [
  'bitcoin',
  'bnb',
  'cardano',
  'dogecoin',
  'ethereum',
  'litecoin',
  'shiba',
  'solana',
  'tron',
  'usdt',
] as const;

/**
 * The API searches the English type, the coin id or method, and the status code. What the investor types is
 * in their language ("En attente", "بيتكوين"): a status or coin named in it (in full, or its first 3+ letters)
 * is sent as its code; anything else as typed.
 */
export function searchTerm(input: string, t: TFunction<['investor', 'funds']>, language: string): string {
  const typed = input.trim();
  const wanted = typed.toLocaleLowerCase(language);
  if (!wanted) return '';
  const names = [
    ...statuses.map((code) => [code, t(`investor:transactions.status.${code}`)] as const),
    ...coins.map((code) => [code, t(`funds:coins.${code}`)] as const),
  ];
  for (const [code, name] of names) {
    const label = name.toLocaleLowerCase(language);
    if (label === wanted || (wanted.length >= 3 && label.startsWith(wanted))) return code;
  }
  return typed;
}
