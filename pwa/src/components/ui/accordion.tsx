import { useId, useState, type ReactNode } from 'react';
import './accordion.css';

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

type AccordionProps = {
  items: AccordionItem[];
  /** When true (the default) opening one item closes the others. */
  singleOpen?: boolean;
  defaultOpenIds?: string[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** Disclosure buttons inside headings, as the WAI-ARIA accordion pattern describes. */
export function Accordion({
  items,
  singleOpen = true,
  defaultOpenIds = [],
  headingLevel = 3,
  className,
}: AccordionProps) {
  const baseId = useId();
  const [openIds, setOpenIds] = useState<string[]>(defaultOpenIds);
  const Heading = `h${headingLevel}` as const;

  function toggle(id: string) {
    setOpenIds((current) => {
      if (current.includes(id)) return current.filter((openId) => openId !== id);
      return singleOpen ? [id] : [...current, id];
    });
  }

  return (
    <div className={className ? `accordion ${className}` : 'accordion'}>
      {items.map((item) => {
        const open = openIds.includes(item.id);
        const buttonId = `${baseId}-button-${item.id}`;
        const panelId = `${baseId}-panel-${item.id}`;
        return (
          <div className={`accordion__item${open ? ' accordion__item--open' : ''}`} key={item.id}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!open}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
