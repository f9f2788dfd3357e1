/**
 * The promotion colours of this remote, from ui-kit's one palette (PROMO_COLORS: the same in both themes, so
 * not theme variables). White text meets AA on every stop (shell theme.test.ts).
 */
import { PROMO_COLORS as C } from '@studio/ui-kit/palette';

export const promoColors = {
  /** the brand gradient of banners and the Upgrade entry */
  gradient: `linear-gradient(90deg, ${C.start}, ${C.end})`,
  /** text and icons on the gradient, and the background of a link on it */
  onPromo: C.onPromo,
  /** text of a light link on the gradient */
  strong: C.strong,
  /** the sale badge (percent off) */
  sale: C.end,
  /** the purchase dialog's benefits panel */
  deepGradient: `linear-gradient(160deg, ${C.deepStart} 0%, ${C.deepEnd} 100%)`,
  /** a shade over the gradient behind a small control (a translucent layer of whatever is below) */
  shade: 'rgba(0, 0, 0, 0.2)',
} as const;

/** The phone carousel's slides, one gradient each. */
export const SLIDE_GRADIENTS = {
  video: `linear-gradient(135deg, ${C.start}, ${C.end})`,
  image: `linear-gradient(135deg, ${C.imageStart}, ${C.imageEnd})`,
  audio: `linear-gradient(135deg, ${C.audioStart}, ${C.audioEnd})`,
} as const;
