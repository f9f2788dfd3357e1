import { useEffect, useRef } from 'react';
import { DISCOVERY_TEXTS, templateExtra, useShell, type Template } from 'shared-contracts';
import { focusRing, theme } from '@studio/ui-kit/theme';
import type { PictureLoading } from '@studio/ui-kit/first-screen';
import { mediaUrl } from './session';

export interface TemplateCardProps {
  template: Template;
  /** this card's preview is playing (one at a time) */
  playing: boolean;
  onPlay(play: boolean): void;
  /** the main action's label and handler ('Use this template', or the effect's own) */
  useLabel?: string;
  onUse(template: Template): void;
  onCreate?(template: Template): void;
  /** how its thumbnail loads (on the first screen: at once; further down: lazily, the default) */
  picture?: PictureLoading;
}

/**
 * A template tile: its thumbnail with the HOT badge; on desktop hovering plays the preview and shows the
 * actions, leaving pauses and rewinds; on phones a tap plays it (only one plays at a time).
 */
export function TemplateCard({ template, playing, onPlay, useLabel = DISCOVERY_TEXTS.USE_TEMPLATE, onUse, onCreate, picture }: TemplateCardProps) {
  const shell = useShell();
  const video = useRef<HTMLVideoElement | null>(null);
  const extra = templateExtra(template);
  const isVideo = extra?.media === 'video' || /\.mp4/.test(template.preview_url);
  const ratio = extra && extra.width > 0 && extra.height > 0 ? `${extra.width} / ${extra.height}` : '3 / 4';

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) element.play().catch(() => undefined);
    else {
      element.pause();
      element.currentTime = 0;
    }
  }, [playing]);

  const desktop = !shell.viewport.isPhone;
  return (
    <li
      data-testid="template-card"
      onMouseEnter={() => desktop && onPlay(true)}
      onMouseLeave={() => desktop && onPlay(false)}
      css={{
        listStyle: 'none',
        position: 'relative',
        borderRadius: theme.radius,
        overflow: 'hidden',
        border: `1px solid ${theme.border}`,
        background: theme.surface,
        '&:hover .tpl-actions, &:focus-within .tpl-actions': { opacity: 1 },
      }}
    >
      <button
        type="button"
        aria-label={`Preview ${template.name}${template.action_conf.hot ? `, ${DISCOVERY_TEXTS.HOT}` : ''}`}
        onClick={() => (desktop ? onUse(template) : onPlay(!playing))}
        css={{ display: 'block', width: '100%', padding: 0, border: 'none', background: theme.surfaceRaised, cursor: 'pointer', position: 'relative', aspectRatio: ratio, ...focusRing }}
      >
        <img
          src={mediaUrl(shell, template.thumbnail)}
          alt=""
          loading={picture?.loading ?? 'lazy'}
          fetchPriority={picture?.fetchPriority ?? 'auto'}
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
        {isVideo ? (
          <video
            ref={video}
            src={mediaUrl(shell, template.preview_url)}
            muted
            loop
            playsInline
            preload="none"
            aria-hidden="true"
            css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: playing ? 1 : 0, transition: 'opacity 0.2s' }}
          />
        ) : null}
        {template.action_conf.hot ? (
          <span css={{ position: 'absolute', top: 8, left: 8, padding: '2px 8px', borderRadius: 6, fontSize: 11, fontWeight: 800, background: '#c62828', color: '#fff' }}>
            {DISCOVERY_TEXTS.HOT}
          </span>
        ) : null}
      </button>
      <div
        className="tpl-actions"
        css={{
          position: 'absolute',
          left: 8,
          right: 8,
          bottom: 52,
          display: 'flex',
          flexDirection: 'column',
          gap: 6,
          opacity: playing ? 1 : 0,
          transition: 'opacity 0.2s',
        }}
      >
        <button type="button" onClick={() => onUse(template)} css={actionCss(true)}>
          {useLabel}
        </button>
        {onCreate ? (
          <button type="button" onClick={() => onCreate(template)} css={actionCss(false)}>
            {DISCOVERY_TEXTS.GO_CREATE}
          </button>
        ) : null}
      </div>
      <div css={{ padding: '8px 10px 10px', minHeight: 44 }}>
        <p css={{ margin: 0, fontSize: 14, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color: theme.text }}>{template.name}</p>
        {template.rule?.show[0]?.val ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>{template.rule.show[0].val}</p> : null}
      </div>
    </li>
  );
}

const actionCss = (primary: boolean) => ({
  minHeight: 36,
  borderRadius: 999,
  border: primary ? '1px solid transparent' : '1px solid rgba(255,255,255,0.6)',
  background: primary ? theme.primary : 'rgba(0,0,0,0.55)',
  color: '#fff',
  font: 'inherit',
  fontSize: 13,
  fontWeight: 600,
  cursor: 'pointer',
  ...focusRing,
});
