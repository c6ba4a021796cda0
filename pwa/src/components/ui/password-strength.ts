// The spec's thresholds: up to 5, up to 8, 9 or more characters.
export type StrengthLevel = 'empty' | 'weak' | 'almost' | 'strong';

export const STRENGTH_BAR_COUNT = 6;

export function passwordStrength(password: string): StrengthLevel {
  const length = [...password].length; // count characters, not UTF-16 units
  if (length === 0) return 'empty';
  if (length <= 5) return 'weak';
  if (length <= 8) return 'almost';
  return 'strong';
}

export const filledBars: Record<StrengthLevel, number> = { empty: 0, weak: 2, almost: 4, strong: 6 };
