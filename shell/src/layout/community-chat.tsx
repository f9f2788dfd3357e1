/** Community chat entry (desktop): a popup with a join button that opens the invite in a new tab. */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { POPOVER_HIDE_DELAY_MS, POPOVER_SHOW_DELAY_MS } from 'shared-contracts';
import { useShellInternals } from '../app/internals';
import { Icon } from './icons';
import { iconButton } from './header-styles';

// the popup's content loads the first time it opens
const CommunityPopup = lazy(() => import(/* webpackChunkName: "community-popup" */ './community-popup'));

export function CommunityChat() {
  const { config } = useShellInternals();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const popupId = useId();
  const root = useRef<HTMLDivElement>(null);

  const schedule = (next: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), next ? POPOVER_SHOW_DELAY_MS : POPOVER_HIDE_DELAY_MS);
  };
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  // without a configured invite there is nothing to join: the entry is not shown
  if (!config.communityInviteUrl) return null;

  return (
    <div ref={root} css={{ position: 'relative' }} onMouseEnter={() => schedule(true)} onMouseLeave={() => schedule(false)}>
      <button
        type="button"
        aria-label="Community chat"
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((value) => !value)}
        css={iconButton}
      >
        <Icon name="chat" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CommunityPopup id={popupId} inviteUrl={config.communityInviteUrl} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
