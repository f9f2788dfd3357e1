import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { DISCOVERY_TEXTS, moduleRoute, routePath, useShell, type ExploreEntry, type LikeValue } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { media as bp, theme } from '@studio/ui-kit/theme';
import { mediaUrl, messageOf, requireLogin } from '../../lib/session';
import { ReportDialog } from './report-dialog';

const HIDDEN_SETTINGS = new Set(['prompt', 'seed']);

/** The link that opens the creation screen with an item's settings ('Make the same'). */
export function makeSameLink(item: Pick<ExploreEntry, 'id' | 'module'>): string | null {
  const route = moduleRoute(item.module);
  return route ? routePath(route, {}, { exploreId: String(item.id) }) : null;
}

/** The prompt, the settings, and for its author the item's state and figures. */
function ItemFacts({ item, busy, onUnpublish }: { item: ExploreEntry; busy: boolean; onUnpublish(): void }) {
  const settings = item.settings.filter((s) => !HIDDEN_SETTINGS.has(s.field));
  return (
    <>
      {item.prompt ? (
        <section aria-label="Prompt">
          <h3 css={{ margin: '0 0 4px', fontSize: 13, color: theme.textMuted, fontWeight: 600 }}>Prompt</h3>
          <p css={{ margin: 0, fontSize: 14, lineHeight: 1.5 }}>{item.prompt}</p>
        </section>
      ) : null}
      {settings.length ? (
        <section aria-label="Settings">
          <h3 css={{ margin: '0 0 4px', fontSize: 13, color: theme.textMuted, fontWeight: 600 }}>Settings</h3>
          <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', fontSize: 13 }}>
            {settings.map((s) => (
              <div key={s.field} css={{ display: 'contents' }}>
                <dt css={{ color: theme.textMuted }}>{s.field}</dt>
                <dd css={{ margin: 0 }}>{String(s.val)}</dd>
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

/** An explore item's detail: the media, prompt, settings and author; like, report, 'Make the same', and the author's side. */
export function ExploreDetail({ item, onClose, onChange, onGone }: { item: ExploreEntry; onClose(): void; onChange(item: ExploreEntry): void; onGone(id: number): void }) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const src = mediaUrl(shell, item.url);
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
    <>
      <Dialog title={item.title} onClose={onClose} width={960} phoneFullScreen testId="explore-detail">
        <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 2fr)', gap: 20, [bp.phone]: { gridTemplateColumns: '1fr' } }}>
          <div css={{ background: '#000', borderRadius: theme.radius, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', maxHeight: '70vh' }}>
            {item.media === 'video' ? (
              <video src={src} poster={mediaUrl(shell, item.thumbnail)} controls autoPlay muted loop playsInline css={{ maxWidth: '100%', maxHeight: '70vh' }} />
            ) : item.media === 'audio' ? (
              <div css={{ display: 'flex', flexDirection: 'column', gap: 12, width: '100%', alignItems: 'center', padding: 16 }}>
                <img src={mediaUrl(shell, item.thumbnail)} alt="" css={{ width: 200, height: 200, borderRadius: 12 }} />
                <audio src={src} controls css={{ width: '100%' }} aria-label={`Play ${item.title}`} />
              </div>
            ) : (
              <img src={src} alt={item.prompt || item.title} css={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }} />
            )}
          </div>
          <div css={{ display: 'flex', flexDirection: 'column', gap: 14, minWidth: 0 }}>
            <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>
              By <strong css={{ color: theme.text }}>{item.author.name}</strong>
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
          </div>
        </div>
      </Dialog>
      {reporting ? (
        <ReportDialog
          exploreId={item.id}
          title={item.title}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReporting(false);
            onGone(item.id);
            onClose();
          }}
        />
      ) : null}
    </>
  );
}
