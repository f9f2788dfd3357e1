import { useId } from 'react';
import { useShell, type AiToolSlug } from 'shared-contracts';
import { Button, Glyph } from '@studio/ui-kit/src/button';
import { media, theme } from '@studio/ui-kit/src/theme';
import { EDITORS, type UploadSlot } from '../utils/editors';

function UploadArea({ slot }: { slot: UploadSlot }) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <span id={`${id}-label`} css={{ fontWeight: 600, fontSize: 14 }}>
        {slot.label}
      </span>
      <div
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-rule ${id}-state`}
        aria-disabled="true"
        role="group"
        css={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 8,
          minHeight: 200,
          padding: 20,
          textAlign: 'center',
          borderRadius: theme.radius,
          border: `1px dashed ${theme.border}`,
          background: theme.bg,
          color: theme.textMuted,
          [media.phone]: { minHeight: 150 },
        }}
      >
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M12 16V4" />
          <path d="M7 9l5-5 5 5" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        <span id={`${id}-rule`} css={{ fontSize: 14, color: theme.text }}>
          {slot.rule}
        </span>
        <span id={`${id}-state`} css={{ fontSize: 13 }}>
          Uploading is not available yet.
        </span>
      </div>
    </div>
  );
}

/** A tool's editor frame: its title, its upload areas with their rules, the action (not available yet). */
export function ToolEditor({ tool }: { tool: AiToolSlug }) {
  const shell = useShell();
  const spec = EDITORS[tool];
  const noteId = useId();

  function back() {
    if (typeof window !== 'undefined' && window.history.length > 1) window.history.back();
    else shell.navigate('/ai-tools');
  }

  return (
    <section
      aria-labelledby="tool-editor-title"
      css={{
        color: theme.text,
        maxWidth: 1100,
        margin: '0 auto',
        padding: '24px 32px 48px',
        display: 'flex',
        flexDirection: 'column',
        gap: 20,
        [media.phone]: { padding: '16px 12px 32px' },
      }}
    >
      {spec.back ? (
        <Button variant="ghost" onClick={back} css={{ alignSelf: 'flex-start' }}>
          <Glyph d={['M15 6l-6 6 6 6']} size={16} />
          Back
        </Button>
      ) : null}
      <header>
        <h1 id="tool-editor-title" css={{ margin: 0, fontSize: 28, lineHeight: 1.2, [media.phone]: { fontSize: 22 } }}>
          {spec.title}
        </h1>
        <p css={{ margin: '8px 0 0', color: theme.textMuted }}>{spec.description}</p>
      </header>
      <div
        css={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: spec.uploads.length > 1 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
          padding: 20,
          borderRadius: theme.radiusLarge,
          background: theme.surface,
          border: `1px solid ${theme.border}`,
          [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: 12 },
        }}
      >
        {spec.uploads.map((slot) => (
          <UploadArea key={slot.label} slot={slot} />
        ))}
      </div>
      {spec.notes?.map((note) => (
        <p key={note} css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>
          {note}
        </p>
      ))}
      <div css={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Button variant="primary" disabled aria-describedby={noteId} css={{ minHeight: 48, padding: '0 32px', fontSize: 16 }}>
          {spec.action}
        </Button>
        <span id={noteId} css={{ fontSize: 14, color: theme.textMuted }}>
          {spec.title} is not available yet.
        </span>
      </div>
    </section>
  );
}
