import { lazy, Suspense } from 'react';
import { ReactCompareSlider, ReactCompareSliderImage } from 'react-compare-slider';
import { theme } from '@studio/ui-kit/theme';

// wavesurfer.js loads only for audio results
const Waveform = lazy(() => import('./waveform'));

const CHECKER = 'repeating-conic-gradient(#8884 0% 25%, transparent 0% 50%) 50% / 20px 20px';

/**
 * Before/after of a result against its input (react-compare-slider: keyboard and screen-reader ready):
 * pictures and videos under one slider, audio as two waveforms. Transparent results sit on a checkerboard.
 */
export function CompareView({ media, before, beforeBlob, after, transparent }: { media: 'image' | 'video' | 'audio'; before: string; beforeBlob?: Blob; after: string; transparent?: boolean }) {
  if (media === 'audio') {
    return (
      <Suspense fallback={null}>
        <div css={{ display: 'grid', gap: 10 }}>
          <Waveform url={before} blob={beforeBlob} label="Input" />
          <Waveform url={after} label="Result" />
        </div>
      </Suspense>
    );
  }
  const frame = { borderRadius: theme.radius, overflow: 'hidden', background: transparent ? CHECKER : theme.bg, maxHeight: 560 } as const;
  if (media === 'video') {
    const video = (src: string, label: string) => <video src={src} aria-label={label} autoPlay muted loop playsInline css={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />;
    return <ReactCompareSlider css={frame} itemOne={video(before, 'Before')} itemTwo={video(after, 'After')} data-testid="compare" />;
  }
  return (
    <ReactCompareSlider
      css={frame}
      data-testid="compare"
      itemOne={<ReactCompareSliderImage src={before} alt="Before" style={{ objectFit: 'contain', maxHeight: 560 }} />}
      itemTwo={<ReactCompareSliderImage src={after} alt="After" style={{ objectFit: 'contain', maxHeight: 560 }} />}
    />
  );
}
