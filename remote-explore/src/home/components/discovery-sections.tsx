import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { routePath, templateCreateLink, useShell, type ExploreEntry, type Template } from 'shared-contracts';
import { AppLink } from '@studio/ui-kit/app-link';
import { focusRing, media, theme } from '@studio/ui-kit/theme';
import { HOME_DISCOVERY_DATA_ID, HOME_HOT_QUERY, HOME_TRENDING_QUERY, readHomeDiscovery } from 'shared-contracts/home-discovery';
import { mediaUrl } from '../../lib/session';
import { TemplateCard } from '../../lib/template-card';
import { TemplateRunDialog } from '../../lib/template-run-dialog';
import { TrendingRow } from '../first-screen/trending-row';

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

/**
 * Home's trending explore items (recommended) and hot templates, fed by the same calls as their pages.
 * `withHot` false leaves the hot templates out (Home renders them after its first paint); `onSettled` is told
 * once both calls have answered (or failed), when the rows have the height they keep.
 */
export function DiscoverySections({ withHot = true, onSettled }: { withHot?: boolean; onSettled?: () => void }) {
  const shell = useShell();
  const [playing, setPlaying] = useState<number | null>(null);
  // 'Use this template' runs the template here, as the template browser does (not the browser's front page)
  const [running, setRunning] = useState<Template | null>(null);
  // the gateway's answers render with the page (no round trip, no rows pushing the page down when they arrive)
  // (a visitor's answers: once someone has signed in on this page, theirs are fetched)
  const [initial] = useState(() => (shell.session.state.flags.isLogin ? null : readHomeDiscovery(document)));
  useEffect(() => {
    document.getElementById(HOME_DISCOVERY_DATA_ID)?.remove();
  }, []);
  const trending = useSWR(['remote-explore:home-trending'], () => shell.api.call('GET /v1/workflow/explore/list', { query: HOME_TRENDING_QUERY }), {
    fallbackData: initial?.trending,
    revalidateIfStale: !initial?.trending,
  });
  const hot = useSWR(['remote-explore:home-hot'], () => shell.api.call('GET /v1/recommend/tpl', { query: HOME_HOT_QUERY }), {
    fallbackData: initial?.hot,
    revalidateIfStale: !initial?.hot,
  });
  const settled = (trending.data !== undefined || trending.error !== undefined) && (hot.data !== undefined || hot.error !== undefined);
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const items: ExploreEntry[] = trending.data?.list ?? [];
  const templates: Template[] = hot.data ?? [];
  return (
    <>
      {items.length ? (
        // the gateway renders the same row into a visitor's first HTML (../first-screen/server.tsx)
        <TrendingRow items={items} Link={AppLink} src={(thumbnail) => mediaUrl(shell, thumbnail)} titleId="home-trending" />
      ) : null}
      {withHot && templates.length ? (
        <section aria-labelledby="home-hot-templates" css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <SectionHead id="home-hot-templates" title="Hot templates" to={routePath('Template')} more="All templates" />
          <ul css={row}>
            {templates.map((template) => (
              <TemplateCard
                key={template.tpl_id}
                template={template}
                playing={playing === template.tpl_id}
                onPlay={(play) => setPlaying((current) => (play ? template.tpl_id : current === template.tpl_id ? null : current))}
                onUse={setRunning}
                onCreate={(chosen) => shell.navigate(templateCreateLink(chosen))}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {running ? <TemplateRunDialog template={running} onClose={() => setRunning(null)} /> : null}
    </>
  );
}
