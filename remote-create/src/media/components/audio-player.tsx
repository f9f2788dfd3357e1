import { useEffect, useRef, useState } from 'react';
import { USER_TEXTS } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';

function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** An audio player: play/pause, a seek slider and the time; 'Playback Failed' when it will not play. */
export function AudioPlayer({ src, title, cover }: { src: string; title: string; cover?: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFailed(false);
    setTime(0);
    setPlaying(false);
  }, [src]);

  async function toggle() {
    const audio = ref.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    try {
      await audio.play();
    } catch (error) {
      console.warn('[remote-create] audio playback failed', error);
      setFailed(true);
    }
  }

  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 10, padding: 8, borderRadius: 12, background: theme.bg, border: `1px solid ${theme.border}` }} data-testid="audio-player">
      {cover ? <img src={cover} alt="" css={{ width: 44, height: 44, borderRadius: 8, flexShrink: 0 }} /> : null}
      <audio
        ref={ref}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onError={() => setFailed(true)}
      />
      <Button variant="icon" aria-label={playing ? `Pause ${title}` : `Play ${title}`} onClick={() => void toggle()} disabled={failed}>
        {playing ? (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <rect x="6" y="5" width="4" height="14" rx="1" />
            <rect x="14" y="5" width="4" height="14" rx="1" />
          </svg>
        ) : (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        )}
      </Button>
      <div css={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        {failed ? (
          <span role="alert" css={{ fontSize: 13, color: theme.danger }}>
            {USER_TEXTS.PLAYBACK_FAILED}
          </span>
        ) : (
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(time, duration || 0)}
            aria-label={`Seek ${title}`}
            aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
            onChange={(event) => {
              const audio = ref.current;
              if (audio) audio.currentTime = Number(event.target.value);
            }}
            css={{ width: '100%', accentColor: theme.primary }}
          />
        )}
        <span css={{ fontSize: 12, color: theme.textMuted, fontVariantNumeric: 'tabular-nums' }}>
          {formatTime(time)} / {formatTime(duration)}
        </span>
      </div>
    </div>
  );
}
