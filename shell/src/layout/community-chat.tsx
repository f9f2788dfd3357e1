/** Community chat entry (desktop): a popup with a join button that opens the invite in a new tab. */
import { useEffect, useId, useRef, useState } from 'react';
import { POPOVER_HIDE_DELAY_MS, POPOVER_SHOW_DELAY_MS } from 'shared-contracts';
import { useShellInternals } from '../app/internals';
import { Icon } from './icons';
import { iconButton } from './header-styles';

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
        <div
          id={popupId}
          role="dialog"
          aria-label="Join our community"
          css={{
            position: 'absolute',
            right: 0,
            top: 'calc(100% + 10px)',
            width: 280,
            padding: 18,
            borderRadius: 14,
            background: 'var(--c-surface-raised)',
            border: '1px solid var(--c-border)',
            boxShadow: 'var(--shadow-pop)',
            zIndex: 1300,
          }}
        >
          <h2 css={{ margin: '0 0 6px', fontSize: 16 }}>Join our community</h2>
          <p css={{ margin: '0 0 14px', fontSize: 14, color: 'var(--c-text-muted)' }}>
            Chat with other creators, share your work and get tips and news about new AI models first.
          </p>
          <button
            type="button"
            onClick={() => {
              window.open(config.communityInviteUrl, '_blank', 'noopener,noreferrer');
              setOpen(false);
            }}
            css={{
              width: '100%',
              padding: '10px 14px',
              borderRadius: 10,
              border: 'none',
              cursor: 'pointer',
              fontWeight: 700,
              background: 'var(--c-primary-strong)',
              color: 'var(--c-on-primary)',
            }}
          >
            Join now
          </button>
        </div>
      ) : null}
    </div>
  );
}
