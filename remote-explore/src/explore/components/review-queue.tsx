import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError, REVIEW_TEXTS, useShell, type ExploreReviewItem, type ExploreReviewVerdict } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { theme } from '@studio/ui-kit/theme';
import { messageOf } from '@studio/ui-kit/errors';
import { mediaUrl, requireLogin } from '../../lib/session';

const PAGE_SIZE = 20;

/** One reported item: what it is, what its reporters said, and the two verdicts. */
function ReviewRow({ item, busy, onDecide }: { item: ExploreReviewItem; busy: boolean; onDecide(verdict: ExploreReviewVerdict): void }) {
  const shell = useShell();
  const { entry } = item;
  return (
    <li css={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 16, padding: 12, borderRadius: theme.radius, border: `1px solid ${theme.border}`, background: theme.surface }}>
      <a href={mediaUrl(shell, entry.url)} target="_blank" rel="noreferrer" css={{ flex: '0 0 auto' }} aria-label={`Open ${entry.title} in a new tab`}>
        <img src={mediaUrl(shell, entry.thumbnail)} alt="" css={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 8, display: 'block' }} />
      </a>
      <div css={{ flex: '1 1 240px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 6, fontSize: 14 }}>
        <h2 css={{ margin: 0, fontSize: 16 }}>{entry.title}</h2>
        <p css={{ margin: 0, color: theme.textMuted }}>
          {entry.media} by {entry.author.name} · {item.reports} {item.reports === 1 ? 'report' : 'reports'}
          {item.reported_at ? ` · last ${new Date(item.reported_at * 1000).toLocaleString()}` : ''}
        </p>
        {entry.prompt ? <p css={{ margin: 0 }}>Prompt: {entry.prompt}</p> : null}
        <ul aria-label="Reasons" css={{ margin: 0, paddingLeft: 18 }}>
          {item.reasons.map((r) => (
            <li key={r.reason}>
              {r.reason} × {r.count}
            </li>
          ))}
          {item.others.map((text, index) => (
            <li key={`other-${index}`} css={{ color: theme.textMuted }}>
              “{text}”
            </li>
          ))}
        </ul>
      </div>
      <div css={{ display: 'flex', flexDirection: 'column', gap: 8, justifyContent: 'center' }}>
        <Button variant="secondary" disabled={busy} onClick={() => onDecide('cleared')} aria-label={`${REVIEW_TEXTS.CLEAR}: ${entry.title}`}>
          {REVIEW_TEXTS.CLEAR}
        </Button>
        <Button variant="primary" disabled={busy} onClick={() => onDecide('removed')} aria-label={`${REVIEW_TEXTS.REMOVE}: ${entry.title}`}>
          {REVIEW_TEXTS.REMOVE}
        </Button>
      </div>
    </li>
  );
}

/**
 * `/explore?review=1`, for operators (the API's OPERATOR_UIDS): the items hidden after several reports,
 * oldest first, each kept in Explore or removed. The API refuses everyone else; the page says so.
 */
export function ReviewQueue() {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const [items, setItems] = useState<ExploreReviewItem[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(
    async (page: number) => {
      setProblem(null);
      try {
        const answer = await shell.api.call('GET /v1/explore/review/list', { query: { page, page_size: PAGE_SIZE } });
        setItems((known) => (page === 1 ? answer.list : [...known, ...answer.list.filter((item) => !known.some((k) => k.entry.id === item.entry.id))]));
        setTotal(answer.paginate.total);
      } catch (error) {
        setProblem(error instanceof ApiError && error.status === 403 ? REVIEW_TEXTS.OPERATORS_ONLY : messageOf(error));
      }
    },
    [shell],
  );

  useEffect(() => {
    if (session.flags.isLogin) void load(1);
  }, [session.flags.isLogin, load]);

  async function decide(item: ExploreReviewItem, verdict: ExploreReviewVerdict) {
    setBusy(item.entry.id);
    try {
      await shell.api.call('POST /v1/explore/review', { body: { explore_id: item.entry.id, verdict } });
      setItems((known) => known.filter((k) => k.entry.id !== item.entry.id));
      setTotal((n) => (n === null ? n : n - 1));
      shell.toast.success(verdict === 'cleared' ? `“${item.entry.title}” is back in Explore.` : `“${item.entry.title}” was removed from Explore.`);
    } catch (error) {
      shell.toast.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <PageFrame title={REVIEW_TEXTS.TITLE} subtitle="Items several people reported are hidden from Explore until you keep or remove them.">
      {!session.flags.isLogin ? (
        <div css={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <p css={{ margin: 0 }}>{REVIEW_TEXTS.OPERATORS_ONLY}</p>
          <Button variant="primary" onClick={() => requireLogin(shell, 'explore-review')}>
            Sign in
          </Button>
        </div>
      ) : problem ? (
        <p role="alert" css={{ margin: 0, color: theme.danger }}>
          {problem}
        </p>
      ) : total === null ? (
        <p role="status" css={{ margin: 0, color: theme.textMuted }}>
          Loading the review queue…
        </p>
      ) : items.length === 0 ? (
        <p css={{ margin: 0, color: theme.textMuted }}>{REVIEW_TEXTS.EMPTY}</p>
      ) : (
        <>
          <p aria-live="polite" css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
            {total} waiting
          </p>
          <ul css={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
            {items.map((item) => (
              <ReviewRow key={item.entry.id} item={item} busy={busy === item.entry.id} onDecide={(verdict) => void decide(item, verdict)} />
            ))}
          </ul>
          {items.length < total ? <Button onClick={() => void load(Math.floor(items.length / PAGE_SIZE) + 1)}>More</Button> : null}
        </>
      )}
    </PageFrame>
  );
}
