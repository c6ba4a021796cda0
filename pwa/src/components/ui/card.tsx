import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

type CardProps = HTMLAttributes<HTMLElement> & {
  as?: 'article' | 'section' | 'div' | 'li';
  children: ReactNode;
};

export function Card({ as: Tag = 'article', className, children, ...rest }: CardProps) {
  return (
    <Tag {...rest} className={['card', className].filter(Boolean).join(' ')}>
      {children}
    </Tag>
  );
}
