import { useEffect, useRef, useState } from 'react';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import { ChoiceGroup, Field, inputCss } from './common';

const SWATCHES = ['#ffffff', '#000000', '#f5f0e6', '#2e7cf6', '#19a974', '#ff4081'];

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image load failed'));
    img.src = src;
  });
}

/**
 * The background remover's second step: the cut-out over a colour or a picture of the user's own, composed in
 * the browser (nothing to send: the cut-out already carries its transparency) and downloaded as a PNG.
 */
export function BackgroundReplacer({ cutoutUrl }: { cutoutUrl: string }) {
  const [mode, setMode] = useState<'transparent' | 'color' | 'image'>('transparent');
  const [color, setColor] = useState('#ffffff');
  const [backdrop, setBackdrop] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => () => void (backdrop && URL.revokeObjectURL(backdrop)), [backdrop]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const cut = await loadImage(cutoutUrl);
      const el = canvas.current;
      if (!live || !el) return;
      el.width = cut.naturalWidth;
      el.height = cut.naturalHeight;
      const ctx = el.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, el.width, el.height);
      if (mode === 'color') {
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, el.width, el.height);
      } else if (mode === 'image' && backdrop) {
        const bg = await loadImage(backdrop);
        if (!live) return;
        // cover the canvas, centred
        const s = Math.max(el.width / bg.naturalWidth, el.height / bg.naturalHeight);
        ctx.drawImage(bg, (el.width - bg.naturalWidth * s) / 2, (el.height - bg.naturalHeight * s) / 2, bg.naturalWidth * s, bg.naturalHeight * s);
      }
      ctx.drawImage(cut, 0, 0);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [backdrop, color, cutoutUrl, mode]);

  function download() {
    canvas.current?.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `background-${mode}.png`;
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 5000);
    }, 'image/png');
  }

  return (
    <section aria-labelledby="bg-replace-title" css={{ maxWidth: 1200, margin: '0 auto 48px', padding: '0 32px', display: 'flex', flexDirection: 'column', gap: 12, '@media (max-width: 767.98px)': { padding: '0 12px' } }}>
      <h2 id="bg-replace-title" css={{ margin: 0, fontSize: 18 }}>
        New background
      </h2>
      <ChoiceGroup
        label="Background"
        value={mode}
        onChange={setMode}
        choices={[
          { value: 'transparent', label: 'Transparent' },
          { value: 'color', label: 'Colour' },
          { value: 'image', label: 'Your picture' },
        ]}
      />
      {mode === 'color' ? (
        <div css={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          {SWATCHES.map((swatch) => (
            <button key={swatch} type="button" aria-label={`Background ${swatch}`} aria-pressed={color === swatch} onClick={() => setColor(swatch)} css={{ width: 32, height: 32, borderRadius: 999, border: `2px solid ${color === swatch ? theme.primary : theme.border}`, background: swatch, cursor: 'pointer' }} />
          ))}
          <Field label="Any colour">{(id) => <input id={id} type="color" value={color} onChange={(e) => setColor(e.target.value)} css={{ width: 48, height: 32 }} />}</Field>
        </div>
      ) : null}
      {mode === 'image' ? (
        <Field label="Background picture">
          {(id) => (
            <input
              id={id}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              css={inputCss}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) setBackdrop(URL.createObjectURL(file));
              }}
            />
          )}
        </Field>
      ) : null}
      <canvas ref={canvas} aria-label="Cut-out on the new background" role="img" css={{ maxWidth: '100%', maxHeight: 420, alignSelf: 'center', borderRadius: theme.radius, background: 'repeating-conic-gradient(#8884 0% 25%, transparent 0% 50%) 50% / 20px 20px' }} />
      <Button variant="secondary" onClick={download} css={{ alignSelf: 'flex-start' }}>
        Download with this background
      </Button>
    </section>
  );
}
