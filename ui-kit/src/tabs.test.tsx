import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { rovingIndex, Tabs } from './tabs';

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('b');
  return (
    <>
      <button type="button">before</button>
      <Tabs
        label="Kinds"
        tabs={['a', 'b', 'c'].map((id) => ({ value: id, label: id.toUpperCase(), controls: `panel-${id}` }))}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        tabCss={() => ({})}
      />
      <button type="button">after</button>
    </>
  );
}

describe('Tabs (the tab pattern)', () => {
  it('is one tab stop: Tab reaches the selected tab and leaves the list from it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'B' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('moves and selects with the arrow keys, wrapping round, and Home and End', async () => {
    const changes: string[] = [];
    render(<Harness onChange={(value) => changes.push(value)} />);
    screen.getByRole('tab', { name: 'B' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'C' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'C' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'A' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'C' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'A' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(changes).toEqual(['c', 'a', 'c', 'a', 'c']);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
    expect(screen.getByRole('tab', { name: 'C' })).toHaveAttribute('aria-controls', 'panel-c');
  });

  it('answers the index a key moves to, or null for other keys', () => {
    expect(rovingIndex('ArrowDown', 3, 2)).toBe(0);
    expect(rovingIndex('ArrowUp', 3, 0)).toBe(2);
    expect(rovingIndex('End', 3, -1)).toBe(2);
    expect(rovingIndex('a', 3, 1)).toBeNull();
  });
});
