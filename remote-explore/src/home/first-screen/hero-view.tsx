import { media } from '@studio/ui-kit/theme';
import { routePath } from 'shared-contracts';
import type { FirstScreenLink } from './links';

/** The home page's hero: its texts, art and stylesheet have this one home (the app and /home's first HTML render it). */
const HOME_HERO = {
  title: 'Turn your ideas into video, images and music with AI',
  lead: 'Animate a photo, write a script, restyle a clip or compose a song, then polish the result with AI tools. Create with credits or a membership.',
  ctas: [
    { label: 'Start with Image to Video', to: routePath('ImageToVideo'), kind: 'primary' },
    { label: 'Browse AI tools', to: routePath('AiTools'), kind: 'secondary' },
  ],
  /** heights (px) of the decorative waveform's bars */
  wave: [14, 30, 22, 40, 18, 34, 26, 44, 16, 28, 36, 20],
} as const;

const FRAMES = [
  { rotate: -10, top: 40, left: 10, background: 'linear-gradient(160deg, #ff7a59 0%, #ff3d8b 55%, #6d4aff 100%)' },
  { rotate: 4, top: 10, left: 110, background: 'linear-gradient(200deg, #2ec5ff 0%, #6d4aff 60%, #1b1240 100%)' },
  { rotate: 14, top: 60, left: 205, background: 'linear-gradient(180deg, #ffd166 0%, #ef476f 70%, #3a0ca3 100%)' },
] as const;

/**
 * The hero's stylesheet (class names `hh-*`): a static sheet, not emotion, so the server rendering is the
 * component's own markup with no style extraction, and it paints before any script.
 */
const HERO_CSS = [
  '.hh{position:relative;overflow:hidden;border-radius:20px;padding:56px 48px;display:flex;align-items:center;justify-content:space-between;gap:32px;color:#fff;' +
    'background:radial-gradient(circle at 85% 20%,rgba(46,197,255,.35),transparent 45%),radial-gradient(circle at 10% 90%,rgba(255,61,139,.35),transparent 50%),linear-gradient(135deg,#1d1145 0%,#2a1670 45%,#0f1b4d 100%)}',
  '.hh-copy{max-width:640px}',
  '.hh-title{margin:0;font-size:48px;line-height:1.1;font-weight:800;letter-spacing:-.02em}',
  '.hh-lead{margin:16px 0 0;font-size:18px;line-height:1.5;color:rgba(255,255,255,.86)}',
  '.hh-ctas{display:flex;flex-wrap:wrap;gap:12px;margin-top:28px}',
  '.hh-cta{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 24px;border-radius:999px;font-weight:600;font-size:16px;text-decoration:none}',
  // on the hero's fixed dark art the ring is white in both themes
  '.hh-cta:focus-visible{outline:2px solid #fff;outline-offset:3px}',
  '.hh-cta-primary{background:#fff;color:#1d1145}',
  '.hh-cta-secondary{color:#fff;border:1px solid rgba(255,255,255,.5)}',
  '.hh-art{position:relative;width:360px;height:280px;flex-shrink:0}',
  '.hh-frame{position:absolute;width:150px;height:200px;border-radius:18px;box-shadow:0 20px 40px rgba(0,0,0,.35);border:1px solid rgba(255,255,255,.12)}',
  ...FRAMES.map((f, i) => `.hh-frame-${i + 1}{top:${f.top}px;left:${f.left}px;transform:rotate(${f.rotate}deg);background:${f.background}}`),
  '.hh-wave{position:absolute;left:40px;bottom:0;display:flex;align-items:end;gap:5px;height:44px}',
  '.hh-wave>span{display:block;width:6px;border-radius:3px;background:rgba(255,255,255,.75)}',
  ...HOME_HERO.wave.map((h, i) => `.hh-wave>span:nth-child(${i + 1}){height:${h}px}`),
  `${media.tablet}{.hh{padding:44px 32px}.hh-title{font-size:40px}.hh-art{display:none}}`,
  `${media.phone}{.hh{padding:32px 20px;border-radius:12px}.hh-title{font-size:30px}.hh-lead{font-size:16px}.hh-art{display:none}}`,
].join('');

/** Decorative CSS art: three frames and a waveform, no image request. */
function HeroArt() {
  return (
    <div className="hh-art" aria-hidden="true">
      {FRAMES.map((_, i) => (
        <div key={i} className={`hh-frame hh-frame-${i + 1}`} />
      ))}
      <div className="hh-wave">
        {HOME_HERO.wave.map((_, i) => (
          <span key={i} />
        ))}
      </div>
    </div>
  );
}

/** The hero with its stylesheet; `Link` renders its calls to action, `titleId` names the section. */
export function HeroView({ Link, titleId }: { Link: FirstScreenLink; titleId: string }) {
  return (
    <>
      <style>{HERO_CSS}</style>
      <section className="hh" aria-labelledby={titleId}>
        <div className="hh-copy">
          <h1 id={titleId} className="hh-title">
            {HOME_HERO.title}
          </h1>
          <p className="hh-lead">{HOME_HERO.lead}</p>
          <div className="hh-ctas">
            {HOME_HERO.ctas.map((cta) => (
              <Link key={cta.to} to={cta.to} className={`hh-cta hh-cta-${cta.kind}`}>
                {cta.label}
              </Link>
            ))}
          </div>
        </div>
        <HeroArt />
      </section>
    </>
  );
}
