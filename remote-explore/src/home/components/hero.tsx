import { AppLink } from '@studio/ui-kit/app-link';
import { routePath } from 'shared-contracts';
import { media, theme } from '@studio/ui-kit/theme';

const ctaBase = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 48,
  padding: '0 24px',
  borderRadius: 999,
  fontWeight: 600,
  fontSize: 16,
  textDecoration: 'none',
  // on the hero's fixed dark art the ring is white in both themes
  '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: 3 },
} as const;

/** Decorative CSS art: three frames and a waveform, no image request. */
function HeroArt() {
  const frame = (rotate: number, top: number, left: number, gradient: string) => ({
    position: 'absolute' as const,
    top,
    left,
    width: 150,
    height: 200,
    borderRadius: 18,
    transform: `rotate(${rotate}deg)`,
    background: gradient,
    boxShadow: '0 20px 40px rgba(0,0,0,0.35)',
    border: '1px solid rgba(255,255,255,0.12)',
  });
  return (
    <div aria-hidden="true" css={{ position: 'relative', width: 360, height: 280, flexShrink: 0, [media.phone]: { display: 'none' }, [media.tablet]: { display: 'none' } }}>
      <div css={frame(-10, 40, 10, 'linear-gradient(160deg, #ff7a59 0%, #ff3d8b 55%, #6d4aff 100%)')} />
      <div css={frame(4, 10, 110, 'linear-gradient(200deg, #2ec5ff 0%, #6d4aff 60%, #1b1240 100%)')} />
      <div css={frame(14, 60, 205, 'linear-gradient(180deg, #ffd166 0%, #ef476f 70%, #3a0ca3 100%)')} />
      <div css={{ position: 'absolute', left: 40, bottom: 0, display: 'flex', alignItems: 'end', gap: 5, height: 44 }}>
        {[14, 30, 22, 40, 18, 34, 26, 44, 16, 28, 36, 20].map((h, i) => (
          <span key={i} css={{ display: 'block', width: 6, height: h, borderRadius: 3, background: 'rgba(255,255,255,0.75)' }} />
        ))}
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      css={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: theme.radiusLarge,
        padding: '56px 48px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 32,
        color: '#ffffff',
        background:
          'radial-gradient(circle at 85% 20%, rgba(46,197,255,0.35), transparent 45%), radial-gradient(circle at 10% 90%, rgba(255,61,139,0.35), transparent 50%), linear-gradient(135deg, #1d1145 0%, #2a1670 45%, #0f1b4d 100%)',
        [media.tablet]: { padding: '44px 32px' },
        [media.phone]: { padding: '32px 20px', borderRadius: theme.radius },
      }}
    >
      <div css={{ maxWidth: 640 }}>
        <h1
          id="home-hero-title"
          css={{ margin: 0, fontSize: 48, lineHeight: 1.1, fontWeight: 800, letterSpacing: '-0.02em', [media.tablet]: { fontSize: 40 }, [media.phone]: { fontSize: 30 } }}
        >
          Turn your ideas into video, images and music with AI
        </h1>
        <p css={{ margin: '16px 0 0', fontSize: 18, lineHeight: 1.5, color: 'rgba(255,255,255,0.86)', [media.phone]: { fontSize: 16 } }}>
          Animate a photo, write a script, restyle a clip or compose a song, then polish the result with AI tools.
          Create with credits or a membership.
        </p>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 28 }}>
          <AppLink to={routePath('ImageToVideo')} css={{ ...ctaBase, background: '#ffffff', color: '#1d1145' }}>
            Start with Image to Video
          </AppLink>
          <AppLink to={routePath('AiTools')} css={{ ...ctaBase, color: '#ffffff', border: '1px solid rgba(255,255,255,0.5)' }}>
            Browse AI tools
          </AppLink>
        </div>
      </div>
      <HeroArt />
    </section>
  );
}
