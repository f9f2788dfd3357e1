import { Button } from '@studio/ui-kit/button';
import { Tabs } from '@studio/ui-kit/tabs';
import { theme } from '@studio/ui-kit/theme';
import { MEDIA_FILTERS, type MediaFilter } from '../utils/media-filter';

/** The media tabs: All, Video, Image, Audio. */
export function MediaTabs({ filter, onChange }: { filter: MediaFilter; onChange(filter: MediaFilter): void }) {
  return (
    <Tabs
      label="Media type"
      tabs={MEDIA_FILTERS.map((item) => ({ value: item.id, label: item.label }))}
      value={filter}
      onChange={onChange}
      listCss={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      tabCss={(selected) => ({
        padding: '8px 16px',
        borderRadius: 999,
        border: `1px solid ${selected ? theme.link : theme.border}`,
        background: selected ? theme.surfaceRaised : 'transparent',
        color: theme.text,
        fontSize: 14,
      })}
    />
  );
}

export interface SelectionBarProps {
  allChosen: boolean;
  /** the library's size (of the shown media), every page */
  total: number;
  busy: boolean;
  chosen: number;
  onToggleAll(): void;
  onDownload(): void;
  onDelete(): void;
}

/** Select all (the whole library, every page), and Download (n) as one zip and Delete (n) of the selection. */
export function SelectionBar({ allChosen, total, busy, chosen, onToggleAll, onDownload, onDelete }: SelectionBarProps) {
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <label css={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 14 }}>
        <input type="checkbox" checked={allChosen} disabled={total === 0} onChange={onToggleAll} css={{ width: 18, height: 18, accentColor: theme.primary }} />
        Select all{total > 0 ? ` (${total})` : ''}
      </label>
      <Button variant="ghost" disabled={busy || chosen === 0} onClick={onDownload}>
        Download zip{chosen ? ` (${chosen})` : ''}
      </Button>
      <Button variant="ghost" disabled={busy || chosen === 0} onClick={onDelete}>
        Delete{chosen ? ` (${chosen})` : ''}
      </Button>
    </div>
  );
}

/** Previous, 'Page n of m', Next. */
export function LibraryPager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  return (
    <nav aria-label="Pages" css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12 }}>
      <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
        Previous
      </Button>
      <span css={{ fontSize: 14, color: theme.textMuted }} aria-current="page">
        Page {page} of {pages}
      </span>
      <Button variant="ghost" disabled={page >= pages} onClick={() => onPage(Math.min(pages, page + 1))}>
        Next
      </Button>
    </nav>
  );
}
