import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';

/** A track's waveform with play/pause (wavesurfer.js), for the audio tools' input and result. */
function Waveform({ url, blob, label }: { url: string; blob?: Blob; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!box.current) return;
    // a picked file is read directly: the page's CSP does not let fetch() read blob: URLs
    const ws = WaveSurfer.create({ container: box.current, ...(blob ? {} : { url }), height: 72, waveColor: '#8b7cf6', progressColor: '#2ec5ff', cursorColor: '#f1f3f8', barWidth: 2, barGap: 1 });
    surfer.current = ws;
    if (blob) void ws.loadBlob(blob).catch(() => undefined);
    const offs = [ws.on('ready', () => setReady(true)), ws.on('play', () => setPlaying(true)), ws.on('pause', () => setPlaying(false)), ws.on('finish', () => setPlaying(false))];
    return () => {
      offs.forEach((off) => off());
      ws.destroy();
      surfer.current = null;
      setReady(false);
    };
  }, [url, blob]);

  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 10, padding: 10, borderRadius: theme.radius, background: theme.bg, border: `1px solid ${theme.border}` }}>
      <Button variant="secondary" aria-label={`${playing ? 'Pause' : 'Play'} ${label}`} disabled={!ready} onClick={() => void surfer.current?.playPause()}>
        {playing ? 'Pause' : 'Play'}
      </Button>
      <div css={{ flex: 1, minWidth: 0 }}>
        <div css={{ fontSize: 13, color: theme.textMuted }}>{label}</div>
        <div ref={box} role="img" aria-label={`Waveform of ${label}`} data-testid={`waveform-${label.toLowerCase().replace(/\s+/g, '-')}`} />
      </div>
    </div>
  );
}

export default Waveform;
