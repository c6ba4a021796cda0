import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function ThreeTabs() {
  const [selected, setSelected] = useState('a');
  return (
    <Tabs
      label="Sections"
      selectedId={selected}
      onSelect={setSelected}
      items={[
        { id: 'a', label: 'Alpha', content: 'Alpha panel' },
        { id: 'b', label: 'Beta', content: 'Beta panel' },
        { id: 'c', label: 'Gamma', content: 'Gamma panel' },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('shows the selected panel, labelled by its tab, with one tab stop', () => {
    render(<ThreeTabs />);
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toHaveTextContent('Alpha panel');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('moves with arrow keys, wrapping, and Home/End', () => {
    render(<ThreeTabs />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Beta panel');
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Alpha panel');
  });

  it('selects a tab on click', () => {
    render(<ThreeTabs />);
    fireEvent.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(screen.getByRole('tabpanel', { name: 'Gamma' })).toBeInTheDocument();
  });
});
