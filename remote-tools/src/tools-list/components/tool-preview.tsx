import { ReactCompareSlider, ReactCompareSliderImage } from 'react-compare-slider';
import { useShell, type ToolPreview as Preview } from 'shared-contracts';
import { theme } from '@studio/ui-kit/theme';
import type { PictureLoading } from '@studio/ui-kit/first-screen';

const CHECKER = 'repeating-conic-gradient(#8884 0% 25%, transparent 0% 50%) 50% / 14px 14px';
const boxCss = { width: '100%', aspectRatio: '16 / 10', borderRadius: 10, overflow: 'hidden', background: theme.bg } as const;

/**
 * A tool's before/after, made by the product's engine (see services/api tool-previews); its pictures load as
 * `picture` says (lazily unless the card is on the first screen).
 */
export function ToolPreview({ preview, title, picture }: { preview: Preview | undefined; title: string; picture?: PictureLoading }) {
  const shell = useShell();
  if (!preview || preview.status !== 'ready' || !preview.before || !preview.after) {
    return (
      <div css={{ ...boxCss, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 13, color: theme.textMuted }} aria-hidden="true">
        {preview?.status === 'failed' ? '' : 'Making the preview…'}
      </div>
    );
  }
  const before = shell.api.url(preview.before);
  const after = shell.api.url(preview.after);
  const beforeMedia = preview.before_media ?? preview.media;
  const loading = picture?.loading ?? 'lazy';
  const fetchPriority = picture?.fetchPriority ?? 'auto';
  const media = (src: string, kind: string, label: string) =>
    kind === 'video' ? (
      <video src={src} aria-label={label} autoPlay muted loop playsInline preload="metadata" css={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
    ) : (
      <ReactCompareSliderImage src={src} alt={label} loading={loading} fetchPriority={fetchPriority} style={{ objectFit: 'cover', background: CHECKER }} />
    );
  if (preview.media === 'audio') {
    return (
      <div css={{ display: 'grid', gap: 4, fontSize: 12, color: theme.textMuted }} data-testid="tool-preview">
        <span>Before</span>
        <audio src={before} controls preload="none" aria-label={`${title}: before`} css={{ width: '100%', height: 32 }} />
        <span>After</span>
        <audio src={after} controls preload="none" aria-label={`${title}: after`} css={{ width: '100%', height: 32 }} />
      </div>
    );
  }
  if (beforeMedia !== preview.media) {
    return (
      <div css={{ ...boxCss, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }} data-testid="tool-preview">
        {beforeMedia === 'image' ? <img src={before} alt={`${title}: before`} loading={loading} fetchPriority={fetchPriority} css={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : media(before, beforeMedia, `${title}: before`)}
        {media(after, preview.media, `${title}: after`)}
      </div>
    );
  }
  return (
    <ReactCompareSlider
      data-testid="tool-preview"
      css={boxCss}
      itemOne={media(before, beforeMedia, `${title}: before`)}
      itemTwo={media(after, preview.media, `${title}: after`)}
    />
  );
}
