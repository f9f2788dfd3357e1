/**
 * Where the home page sits in the shell's layout (HOME_FRAME), read by remote-explore's HomePage and the copy
 * of its first screen that the gateway renders from remote-explore's own components (react-dom/server,
 * remote-explore/src/home/first-screen). The hero's former HTML and CSS strings are kept, unused, until the
 * next major (removing a name breaks the contract's surface).
 */
import { HOME_HERO_PRERENDER_ID } from './first-load';
import { routePath } from './routes';
import { PRERENDER_BOTTOM_ID, PRERENDER_CONTENT_ID } from './seo';

export { HOME_HERO_PRERENDER_ID };

/** @deprecated No user left: remote-explore's HeroView (src/home/first-screen) is the hero's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export const HOME_HERO = {
  title: 'Turn your ideas into video, images and music with AI',
  lead: 'Animate a photo, write a script, restyle a clip or compose a song, then polish the result with AI tools. Create with credits or a membership.',
  ctas: [
    { label: 'Start with Image to Video', to: routePath('ImageToVideo'), kind: 'primary' },
    { label: 'Browse AI tools', to: routePath('AiTools'), kind: 'secondary' },
  ],
  /** heights (px) of the decorative waveform's bars */
  wave: [14, 30, 22, 40, 18, 34, 26, 44, 16, 28, 36, 20],
} as const;

/** @deprecated No user left: remote-explore's HeroView (src/home/first-screen) is the hero's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export const HOME_HERO_MEDIA = {
  phone: '@media (max-width: 767.98px)',
  tablet: '@media (min-width: 768px) and (max-width: 1187.98px)',
} as const;

/**
 * Where the layout puts the home page: below the header, right of the sidebar (the shell's LAYOUT; a shell
 * test keeps them equal), inside the home page's padding (remote-explore's HomePage reads it from here).
 */
export const HOME_FRAME = {
  headerHeight: 60,
  phoneHeaderHeight: 56,
  sidebarWide: 236,
  sidebarNarrow: 84,
  padding: { desktop: '24px 32px 56px', tablet: '20px 24px 48px', phone: '12px 12px 40px' },
  /** space between the home page's sections */
  gap: { desktop: 40, phone: 28 },
  maxWidth: 1440,
} as const;

const FRAMES = [
  { rotate: -10, top: 40, left: 10, background: 'linear-gradient(160deg, #ff7a59 0%, #ff3d8b 55%, #6d4aff 100%)' },
  { rotate: 4, top: 10, left: 110, background: 'linear-gradient(200deg, #2ec5ff 0%, #6d4aff 60%, #1b1240 100%)' },
  { rotate: 14, top: 60, left: 205, background: 'linear-gradient(180deg, #ffd166 0%, #ef476f 70%, #3a0ca3 100%)' },
] as const;

/** @deprecated No user left: remote-explore's HeroView (src/home/first-screen) is the hero's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export const HOME_HERO_FRAME_COUNT = FRAMES.length;

const { phone, tablet } = HOME_HERO_MEDIA;

/** @deprecated No user left: remote-explore's HeroView (src/home/first-screen) is the hero's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export const HOME_HERO_CSS = [
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
  `${tablet}{.hh{padding:44px 32px}.hh-title{font-size:40px}.hh-art{display:none}}`,
  `${phone}{.hh{padding:32px 20px;border-radius:12px}.hh-title{font-size:30px}.hh-lead{font-size:16px}.hh-art{display:none}}`,
].join('');

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** @deprecated No user left: remote-explore's HeroView (src/home/first-screen) is the hero's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export function homeHeroMarkup(titleId: string): string {
  const ctas = HOME_HERO.ctas.map((cta) => `<a class="hh-cta hh-cta-${cta.kind}" href="${escape(cta.to)}">${escape(cta.label)}</a>`).join('');
  const frames = FRAMES.map((_, i) => `<div class="hh-frame hh-frame-${i + 1}"></div>`).join('');
  const wave = HOME_HERO.wave.map(() => '<span></span>').join('');
  return (
    `<section class="hh" aria-labelledby="${escape(titleId)}"><div class="hh-copy">` +
    `<h1 id="${escape(titleId)}" class="hh-title">${escape(HOME_HERO.title)}</h1>` +
    `<p class="hh-lead">${escape(HOME_HERO.lead)}</p><div class="hh-ctas">${ctas}</div></div>` +
    `<div class="hh-art" aria-hidden="true">${frames}<div class="hh-wave">${wave}</div></div></section>`
  );
}

/** @deprecated No user left: remote-explore's HeroView (src/home/first-screen) is the hero's one source, and the gateway renders it with react-dom/server. Removed at the next major. */
export function homeHeroPrerender(after = ''): string {
  const f = HOME_FRAME;
  const frame =
    // --shell-top-h: the layout's measured top block (the header, and the banner above it once that shows)
    `#${HOME_HERO_PRERENDER_ID}{position:absolute;top:var(--shell-top-h,${f.headerHeight}px);left:${f.sidebarWide}px;right:0;z-index:1}` +
    `#${HOME_HERO_PRERENDER_ID}>div{max-width:${f.maxWidth}px;margin:0 auto;padding:${f.padding.desktop};display:flex;flex-direction:column;gap:${f.gap.desktop}px}` +
    `${tablet}{#${HOME_HERO_PRERENDER_ID}{left:${f.sidebarNarrow}px}#${HOME_HERO_PRERENDER_ID}>div{padding:${f.padding.tablet}}}` +
    `${phone}{#${HOME_HERO_PRERENDER_ID}{top:var(--shell-top-h,${f.phoneHeaderHeight}px);left:0}#${HOME_HERO_PRERENDER_ID}>div{padding:${f.padding.phone};gap:${f.gap.phone}px}}` +
    // the CMS blocks go below the page; until the page is there they would show through beside the hero
    `body:has(#${HOME_HERO_PRERENDER_ID}) #${PRERENDER_CONTENT_ID},body:has(#${HOME_HERO_PRERENDER_ID}) #${PRERENDER_BOTTOM_ID}{visibility:hidden}` +
    // the remote failed to load: its error message, not the hero, is what the page must show
    `body:has(#shell-main [role="alert"]) #${HOME_HERO_PRERENDER_ID}{display:none}`;
  // `after`: what follows the hero on the page, in the same frame (the gateway's copy of the Trending row)
  return `<style>${HOME_HERO_CSS}${frame}</style><div id="${HOME_HERO_PRERENDER_ID}"><div>${homeHeroMarkup('home-hero-prerender-title')}${after}</div></div>`;
}
