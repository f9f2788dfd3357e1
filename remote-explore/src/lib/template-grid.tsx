import { useState } from 'react';
import { useInView } from 'react-intersection-observer';
import { DISCOVERY_TEXTS, type Template } from 'shared-contracts';
import { media, theme } from '@studio/ui-kit/theme';
import { FIRST_SCREEN_PICTURES, GRID_FIRST_ROW, pictureLoading } from '@studio/ui-kit/first-screen';
import { allLoaded, wantsNextPage, type CategoryState } from './use-template-browser';
import { TemplateCard } from './template-card';

/** A category's templates with its end marker: the next page and the 'all loaded' message follow spec section 9. */
export function TemplateGrid({
  category,
  onMore,
  onUse,
  onCreate,
  useLabel,
}: {
  category: CategoryState;
  onMore(): void;
  onUse(template: Template): void;
  onCreate?(template: Template): void;
  useLabel?: string;
}) {
  const [playing, setPlaying] = useState<number | null>(null);
  const { ref } = useInView({ rootMargin: '200px 0px', onChange: (visible) => wantsNextPage(category, visible) && onMore() });
  return (
    <>
      <ul
        aria-label={`${category.title} templates`}
        css={{
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: 12,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          [media.phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 },
        }}
      >
        {category.tpls.map((template, index) => (
          <TemplateCard
            key={template.tpl_id}
            template={template}
            playing={playing === template.tpl_id}
            onPlay={(play) => setPlaying((current) => (play ? template.tpl_id : current === template.tpl_id ? null : current))}
            onUse={onUse}
            onCreate={onCreate}
            useLabel={useLabel}
            picture={pictureLoading(index, FIRST_SCREEN_PICTURES, GRID_FIRST_ROW)}
          />
        ))}
      </ul>
      <div ref={ref} data-testid="template-end" css={{ minHeight: 24, textAlign: 'center', fontSize: 13, color: theme.textMuted }}>
        {category.loading ? 'Loading…' : allLoaded(category) ? DISCOVERY_TEXTS.ALL_LOADED : ''}
      </div>
      {category.total === 0 ? <p css={{ margin: 0, color: theme.textMuted }}>No templates here yet: the studio renders their previews on first start.</p> : null}
    </>
  );
}
