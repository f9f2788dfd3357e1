import { useLayoutEffect } from 'react';
import { AppLink } from '@studio/ui-kit/app-link';
import { HOME_HERO, HOME_HERO_CSS, HOME_HERO_FRAME_COUNT, HOME_HERO_PRERENDER_ID } from 'shared-contracts/home-hero';

/** Decorative CSS art: three frames and a waveform, no image request. */
function HeroArt() {
  return (
    <div className="hh-art" aria-hidden="true">
      {Array.from({ length: HOME_HERO_FRAME_COUNT }, (_, i) => (
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

/**
 * The hero of shared-contracts' home-hero (texts, stylesheet): the gateway writes the same markup into /home's
 * first HTML, and this removes that copy before the first paint it is in, so the two swap without a flash.
 */
export function Hero() {
  useLayoutEffect(() => {
    document.getElementById(HOME_HERO_PRERENDER_ID)?.remove();
  }, []);
  return (
    <>
      <style>{HOME_HERO_CSS}</style>
      <section className="hh" aria-labelledby="home-hero-title">
        <div className="hh-copy">
          <h1 id="home-hero-title" className="hh-title">
            {HOME_HERO.title}
          </h1>
          <p className="hh-lead">{HOME_HERO.lead}</p>
          <div className="hh-ctas">
            {HOME_HERO.ctas.map((cta) => (
              <AppLink key={cta.to} to={cta.to} className={`hh-cta hh-cta-${cta.kind}`}>
                {cta.label}
              </AppLink>
            ))}
          </div>
        </div>
        <HeroArt />
      </section>
    </>
  );
}
