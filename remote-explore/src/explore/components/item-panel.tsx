import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { DISCOVERY_TEXTS, moduleRoute, routePath, settingsText, useShell, type ExploreEntry, type LikeValue } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import { messageOf } from '@studio/ui-kit/errors';
import { ReportDialog } from '@studio/ui-kit/report-dialog';
import { requireLogin } from '../../lib/session';

const heading = { margin: '0 0 4px', fontSize: 13, color: theme.textMuted, fontWeight: 600 } as const;

/** The link that opens the creation screen with an item's settings ('Make the same'). */
function makeSameLink(item: Pick<ExploreEntry, 'id' | 'module'>): string | null {
  const route = moduleRoute(item.module);
  return route ? routePath(route, {}, { exploreId: String(item.id) }) : null;
}

/**
 * The item as the detail shows it: the list's entry at once, then its info (a view counted, the author's
 * figures) when `enabled` (the swiper asks only for what someone opened or moved to, not what autoplay shows).
 */
export function useItemInfo(item: ExploreEntry, onChange: (item: ExploreEntry) => void, enabled = true): void {
  const shell = useShell();
  const id = item.id;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    shell.api
      .call('GET /v1/workflow/explore/info', { query: { id } })
      .then((info) => live && onChange(info))
      .catch(() => undefined); // the list's entry stays on screen
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per item shown
  }, [shell, id, enabled]);
}

/** The prompt, the settings, and for its author the item's publish state and figures. */
function ItemFacts({ item, busy, onUnpublish }: { item: ExploreEntry; busy: boolean; onUnpublish(): void }) {
  // named and worded for a person ('Camera motion: Zoom out'), not the raw keys the screens send
  const settings = settingsText(item.settings);
  return (
    <>
      {item.prompt ? (
        <section aria-label="Prompt">
          <h3 css={heading}>Prompt</h3>
          <p css={{ margin: 0, fontSize: 14, lineHeight: 1.5, overflowWrap: 'anywhere' }}>{item.prompt}</p>
        </section>
      ) : null}
      {settings.length ? (
        <section aria-label="Settings">
          <h3 css={heading}>Settings</h3>
          <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', fontSize: 13 }}>
            {settings.map((s) => (
              <div key={s.field} css={{ display: 'contents' }}>
                <dt css={{ color: theme.textMuted }}>{s.label}</dt>
                <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {item.is_own ? (
        <section aria-label="Your creation" css={{ fontSize: 13, display: 'flex', flexDirection: 'column', gap: 6 }}>
          <p css={{ margin: 0 }}>
            {item.published ? 'Published in Explore' : 'Not in Explore'} · {item.views ?? 0} views · made with {item.made_with ?? 0} times
          </p>
          {item.published ? (
            <Button variant="ghost" onClick={onUnpublish} disabled={busy}>
              Unpublish
            </Button>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export interface ItemPanelProps {
  item: ExploreEntry;
  /** closes the detail (before 'Make the same' navigates away) */
  onClose(): void;
  onChange(item: ExploreEntry): void;
  /** the caller reported it: it leaves the gallery */
  onGone(id: number): void;
}

/** Beside the media of every detail: author, prompt, settings, publish state; Make the same, like, report. */
export function ItemPanel({ item, onClose, onChange, onGone }: ItemPanelProps) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const makeSame = makeSameLink(item);

  async function toggleLike() {
    if (!requireLogin(shell, 'explore-like')) return;
    const like: LikeValue = item.liked === 1 ? 0 : 1;
    try {
      const answer = await shell.api.call('POST /v1/explore/like', { body: { explore_id: item.id, like } });
      onChange({ ...item, likes: answer.likes, liked: answer.liked });
    } catch (error) {
      shell.toast.error(messageOf(error));
    }
  }

  async function unpublish() {
    setBusy(true);
    try {
      await shell.api.call('POST /v1/explore/unpublish', { body: { explore_id: item.id } });
      onChange({ ...item, published: false });
      shell.toast.success('Taken out of Explore. Only you can see it now.');
    } catch (error) {
      shell.toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 14, minWidth: 0 }} data-testid="explore-item-panel">
      <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>
        <strong css={{ color: theme.text }}>{item.title}</strong> by <strong css={{ color: theme.text }}>{item.author.name}</strong>
        {item.author.is_studio ? ' · made by the studio’s own engines' : ''}
      </p>
      <ItemFacts item={item} busy={busy} onUnpublish={unpublish} />
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 'auto' }}>
        {makeSame ? (
          <Button
            variant="primary"
            onClick={() => {
              onClose();
              shell.navigate(makeSame);
            }}
          >
            {DISCOVERY_TEXTS.MAKE_SAME}
          </Button>
        ) : null}
        <Button variant="secondary" aria-pressed={item.liked === 1} onClick={toggleLike}>
          {item.liked === 1 ? '♥ Liked' : '♡ Like'} · {item.likes}
        </Button>
        {!item.is_own ? (
          <Button
            variant="ghost"
            onClick={() => {
              if (requireLogin(shell, 'explore-report')) setReporting(true);
            }}
          >
            Report
          </Button>
        ) : null}
      </div>
      {!session.flags.isLogin ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>Sign in to like or report.</p> : null}
      {reporting ? (
        <ReportDialog
          subject={`“${item.title}”`}
          send={(reason, other) => shell.api.call('POST /v1/explore/report', { body: { explore_id: item.id, reason, ...(reason === 'Other' ? { other: other.trim() } : {}) } })}
          zIndex={3100}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            onGone(item.id);
            onClose();
          }}
        />
      ) : null}
    </div>
  );
}
