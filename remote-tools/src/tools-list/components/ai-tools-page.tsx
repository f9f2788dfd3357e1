import { useEffect, useState, type KeyboardEvent } from 'react';
import { routePath, useShell, type AiToolCategory, type ToolPreview as Preview } from 'shared-contracts';
import { type AiTool } from 'shared-contracts/tools';
import { AppLink } from '@studio/ui-kit/app-link';
import { Icon } from '@studio/ui-kit/icons';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { focusRing, media, theme } from '@studio/ui-kit/theme';
import { usePreviews } from '../hooks/use-previews';
import { TOOL_ICONS } from '@studio/ui-kit/tool-icons';
import { pictureLoading, useFirstScreenTakeover, type PictureLoading } from '@studio/ui-kit/first-screen';
import { CATEGORY_TABS, toolHref, toolsFor } from '../utils/catalog';
import { ToolPreview } from './tool-preview';

const MEDIA_LABEL = { video: 'Video', image: 'Image', audio: 'Audio' } as const;

function ToolCard({ tool, preview, picture }: { tool: AiTool; preview: Preview | undefined; picture: PictureLoading }) {
  const href = toolHref(tool);
  return (
    <li css={{ display: 'flex', flexDirection: 'column', gap: 10, padding: 12, borderRadius: theme.radius, background: theme.surface, border: `1px solid ${theme.border}`, '&:hover': { borderColor: theme.primary } }} data-tool={tool.id}>
      <ToolPreview preview={preview} title={tool.title} picture={picture} />
      <AppLink to={href ?? routePath('AiTools')} css={{ display: 'flex', alignItems: 'flex-start', gap: 12, color: theme.text, textDecoration: 'none', borderRadius: 8, ...focusRing }}>
        <span css={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0, width: 40, height: 40, borderRadius: 12, color: '#ffffff', background: 'linear-gradient(135deg, #6d4aff, #2ec5ff)' }}>
          <Icon name={TOOL_ICONS[tool.id] ?? 'tools'} />
        </span>
        <span css={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <span css={{ fontWeight: 600, fontSize: 16 }}>{tool.title}</span>
          <span css={{ fontSize: 14, lineHeight: 1.4, color: theme.textMuted }}>{tool.description}</span>
          <span css={{ fontSize: 12, color: theme.textMuted }}>
            {tool.media.map((m) => MEDIA_LABEL[m]).join(' · ')}
            {preview?.price ? ` · ${preview.price}` : ''}
          </span>
        </span>
      </AppLink>
    </li>
  );
}

/** The AI tools list with its category tabs (Hot, All, Video, Image, Audio), each tool with its before/after. */
export function AiToolsPage({ category }: { category: AiToolCategory }) {
  const shell = useShell();
  // a visitor's first HTML has this page's copy (first-screen/server.tsx): this replaces it in the same frame
  useFirstScreenTakeover();
  const [current, setCurrent] = useState<AiToolCategory>(category);
  useEffect(() => setCurrent(category), [category]);
  const tools = toolsFor(current);
  const previews = usePreviews();

  function choose(next: AiToolCategory) {
    setCurrent(next);
    const route = CATEGORY_TABS.find((tab) => tab.category === next)?.route;
    if (route) shell.navigate(routePath(route as never));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = CATEGORY_TABS.findIndex((tab) => tab.category === current);
    const next = CATEGORY_TABS[(index + (event.key === 'ArrowRight' ? 1 : CATEGORY_TABS.length - 1)) % CATEGORY_TABS.length];
    choose(next.category);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-category="${next.category}"]`)?.focus();
  }

  return (
    <PageFrame title="AI Tools" subtitle="Edit, enhance and transform your videos, images and audio with AI. Each preview below was made by our engine.">
      <div role="tablist" aria-label="Tool category" onKeyDown={onKeyDown} css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {CATEGORY_TABS.map((tab) => {
          const selected = tab.category === current;
          return (
            <button
              key={tab.category}
              type="button"
              role="tab"
              id={`ai-tools-tab-${tab.category}`}
              data-category={tab.category}
              aria-selected={selected}
              aria-controls="ai-tools-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(tab.category)}
              css={{
                padding: '8px 18px',
                borderRadius: 999,
                font: 'inherit',
                fontSize: 14,
                fontWeight: 600,
                cursor: 'pointer',
                border: `1px solid ${selected ? theme.primary : theme.border}`,
                background: selected ? theme.primary : 'transparent',
                color: selected ? theme.onPrimary : theme.text,
                ...focusRing,
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="ai-tools-panel" aria-labelledby={`ai-tools-tab-${current}`}>
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 14, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } }}>
          {tools.map((tool, index) => (
            <ToolCard key={tool.id} tool={tool} preview={previews.get(tool.id)} picture={pictureLoading(index, 2, 2)} />
          ))}
        </ul>
      </div>
    </PageFrame>
  );
}
