/**
 * The promotion colours of this remote, from ui-kit's one palette (the shell's CSS variables, with the
 * palette's values as fallbacks). White text meets AA on every stop in both themes (shell theme.test.ts).
 */
import { paletteVar } from '@studio/ui-kit/palette';

export const promoColors = {
  /** the brand gradient of banners, the Upgrade entry and the first carousel slide */
  gradient: `linear-gradient(90deg, ${paletteVar('promo-start')}, ${paletteVar('promo-end')})`,
  /** text and icons on the gradient, and the background of a link on it */
  onPromo: paletteVar('on-promo'),
  /** text of a light link on the gradient */
  strong: paletteVar('promo-strong'),
  /** the sale badge (percent off) */
  sale: paletteVar('promo-end'),
  /** the purchase dialog's benefits panel */
  deepGradient: `linear-gradient(160deg, ${paletteVar('promo-deep-start')} 0%, ${paletteVar('promo-deep-end')} 100%)`,
  /** a shade over the gradient behind a small control (a translucent layer of whatever is below) */
  shade: 'rgba(0, 0, 0, 0.2)',
} as const;

/** The phone carousel's slides, one gradient each. */
export const SLIDE_GRADIENTS = {
  video: `linear-gradient(135deg, ${paletteVar('promo-start')}, ${paletteVar('promo-end')})`,
  image: `linear-gradient(135deg, ${paletteVar('slide-image-start')}, ${paletteVar('slide-image-end')})`,
  audio: `linear-gradient(135deg, ${paletteVar('slide-audio-start')}, ${paletteVar('slide-audio-end')})`,
} as const;
