/**
 * The tab pattern (WAI-ARIA APG "Tabs with automatic activation"), and the arrow-key moves it shares with a
 * radio group: the tab list is one tab stop (the selected tab); Left/Right (and Up/Down) move to the
 * previous/next tab and select it, wrapping round; Home and End go to the first and the last. Each caller
 * keeps its own look (`tabCss`): pills, an underline, a segmented control.
 */
import type { CSSObject } from '@emotion/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { focusRing } from './theme';

/**
 * The index an arrow, Home or End key moves to in a row of `count` items from `current` (wrapping round),
 * or null for any other key. For tab lists and radio groups alike.
 */
export function rovingIndex(key: string, count: number, current: number): number | null {
  if (count <= 0) return null;
  const from = current < 0 ? 0 : current;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (from + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (from - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Keyboard moves for a row of choices that is one tab stop (tabs, radio cards): answers the key handler
 * for its container. `select` is called with the index moved to; the item with `data-roving-index` of that
 * index takes the focus.
 */
export function rovingKeyDown(count: number, current: number, select: (index: number) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const next = rovingIndex(event.key, count, current);
    if (next === null) return;
    event.preventDefault();
    select(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-roving-index="${next}"]`)?.focus();
  };
}

export interface TabItem<T extends string | number> {
  value: T;
  label: ReactNode;
  /** the tab's id (a tabpanel's aria-labelledby points at it) */
  id?: string;
  /** the id of the panel it shows */
  controls?: string;
  /** an accessible name when the label is not text */
  ariaLabel?: string;
}

export interface TabsProps<T extends string | number> {
  /** the tab list's accessible name */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange(value: T): void;
  /** each tab's look, selected or not */
  tabCss(selected: boolean): CSSObject;
  /** the list's own layout */
  listCss?: CSSObject;
  testId?: string;
}

export function Tabs<const T extends string | number>({ label, tabs, value, onChange, tabCss, listCss, testId }: TabsProps<T>) {
  const current = tabs.findIndex((tab) => tab.value === value);
  return (
    <div role="tablist" aria-label={label} data-testid={testId} onKeyDown={rovingKeyDown(tabs.length, current, (index) => onChange(tabs[index].value))} css={listCss}>
      {tabs.map((tab, index) => {
        const selected = index === current;
        return (
          <button
            key={String(tab.value)}
            type="button"
            role="tab"
            id={tab.id}
            aria-controls={tab.controls}
            aria-label={tab.ariaLabel}
            aria-selected={selected}
            // one tab stop: the selected tab (the first when none is)
            tabIndex={selected || (current < 0 && index === 0) ? 0 : -1}
            data-roving-index={index}
            data-tab={String(tab.value)}
            onClick={() => onChange(tab.value)}
            css={{ cursor: 'pointer', font: 'inherit', ...focusRing, ...tabCss(selected) }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
