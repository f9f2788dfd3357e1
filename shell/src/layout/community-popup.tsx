/**
 * The community chat popup: a short pitch and a join button that opens the invite in a new tab. Not ui-kit's
 * Dialog on purpose: spec section 2 makes it a hover popover of the header's chat entry (shown and hidden with
 * the popover delays of section 9, anchored under the entry, desktop only), so it is non-modal, does not take
 * the focus when the pointer opens it, and a press outside or Escape closes it (community-chat.tsx).
 */
export default function CommunityPopup({ id, inviteUrl, onClose }: { id: string; inviteUrl: string; onClose(): void }) {
  return (
    <div
      id={id}
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
          window.open(inviteUrl, '_blank', 'noopener,noreferrer');
          onClose();
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
  );
}
