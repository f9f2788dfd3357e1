import { useLayoutEffect } from 'react';
import { AppLink } from '@studio/ui-kit/app-link';
import { HOME_HERO_PRERENDER_ID } from 'shared-contracts/first-load';
import { HeroView } from '../first-screen/hero-view';

/**
 * The home page's hero. The gateway renders the same HeroView into /home's first HTML
 * (../first-screen/server.tsx); this removes that copy before the first paint it is in, so the two swap
 * without a flash.
 */
export function Hero() {
  useLayoutEffect(() => {
    document.getElementById(HOME_HERO_PRERENDER_ID)?.remove();
  }, []);
  return <HeroView Link={AppLink} titleId="home-hero-title" />;
}
