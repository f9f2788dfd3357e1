import { useState } from 'react';
import useSWR from 'swr';
import { routePath, useShell, type ExploreEntry, type Template } from 'shared-contracts';
import { AppLink } from '@studio/ui-kit/app-link';
import { focusRing, media, theme } from '@studio/ui-kit/theme';
import { mediaUrl } from '../../lib/session';
import { TemplateCard } from '../../lib/template-card';

const TRENDING = 10;

function SectionHead({ id, title, to, more }: { id: string; title: string; to: string; more: string }) {
  return (
    <div css={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 12 }}>
      <h2 id={id} css={{ margin: 0, fontSize: 22, [media.phone]: { fontSize: 18 } }}>
        {title}
      </h2>
      <AppLink to={to} css={{ color: theme.link, fontSize: 14, ...focusRing }}>
        {more}
      </AppLink>
    </div>
  );
}

const row = {
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(160px, 200px)',
  gap: 12,
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  paddingBottom: 6,
} as const;

/** Home's trending explore items (recommended) and hot templates, fed by the same calls as their pages. */
export function DiscoverySections() {
  const shell = useShell();
  const [playing, setPlaying] = useState<number | null>(null);
  const trending = useSWR(['remote-explore:home-trending'], () =>
    shell.api.call('GET /v1/workflow/explore/list', { query: { page: 1, page_size: TRENDING, recommend: 1 } }),
  );
  const hot = useSWR(['remote-explore:home-hot'], () => shell.api.call('GET /v1/recommend/tpl', { query: { tag: 'video', action_conf: 'hot', action_conf_value: '1' } }));
  const items: ExploreEntry[] = trending.data?.list ?? [];
  const templates: Template[] = hot.data ?? [];
  return (
    <>
      {items.length ? (
        <section aria-labelledby="home-trending" css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <SectionHead id="home-trending" title="Trending in Explore" to={routePath('Explore')} more="See all" />
          <ul css={row}>
            {items.map((item) => (
              <li key={item.id}>
                <AppLink
                  to={routePath('Explore')}
                  aria-label={`${item.title} by ${item.author.name}`}
                  css={{ display: 'block', borderRadius: theme.radius, overflow: 'hidden', border: `1px solid ${theme.border}`, background: theme.surface, color: theme.text, textDecoration: 'none', ...focusRing }}
                >
                  <img src={mediaUrl(shell, item.thumbnail)} alt="" loading="lazy" css={{ display: 'block', width: '100%', aspectRatio: '3 / 4', objectFit: 'cover' }} />
                  <span css={{ display: 'block', padding: '6px 10px 8px', fontSize: 13, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.title}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {templates.length ? (
        <section aria-labelledby="home-hot-templates" css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <SectionHead id="home-hot-templates" title="Hot templates" to={routePath('Template')} more="All templates" />
          <ul css={row}>
            {templates.map((template) => (
              <TemplateCard
                key={template.tpl_id}
                template={template}
                playing={playing === template.tpl_id}
                onPlay={(play) => setPlaying((current) => (play ? template.tpl_id : current === template.tpl_id ? null : current))}
                onUse={() => shell.navigate(routePath('Template'))}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
