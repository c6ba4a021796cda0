import type { ReactNode } from 'react';
import './grouped-address.css';

/**
 * A payout address shown whole, in groups of four characters to read it against a wallet's screen: the groups are
 * spaced by CSS, not by spaces, so a selection copies the address as it is. What follows it (a copy button) sits
 * beside it.
 */
export function GroupedAddress({ value, children }: { value: string; children?: ReactNode }) {
  return (
    <span className="grouped-address">
      <code dir="ltr">
        {(value.match(/.{1,4}/g) ?? []).map((group, index) => (
          <span key={index}>{group}</span>
        ))}
      </code>
      {children}
    </span>
  );
}
