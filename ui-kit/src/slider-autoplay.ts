import type { KeenSliderPlugin } from 'keen-slider/react';

export interface SliderAutoplayOptions {
  /** while this says so the slider stays where it is (someone reads or is about to press something) */
  held?: () => boolean;
  /** the pointer over the slider holds it too */
  pauseOnHover?: boolean;
}

/**
 * keen-slider has no autoplay of its own: this plugin moves to the next slide every `intervalMs` (looping as the
 * slider is configured), and a drag restarts the wait.
 */
export function sliderAutoplay(intervalMs: number, { held, pauseOnHover = false }: SliderAutoplayOptions = {}): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovered = false;
    const clear = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    const next = () => {
      clear();
      if (hovered || held?.()) return;
      timer = setTimeout(() => slider.next(), intervalMs);
    };
    slider.on('created', () => {
      if (pauseOnHover) {
        slider.container.addEventListener('mouseover', () => {
          hovered = true;
          clear();
        });
        slider.container.addEventListener('mouseout', () => {
          hovered = false;
          next();
        });
      }
      next();
    });
    slider.on('dragStarted', clear);
    slider.on('animationEnded', next);
    slider.on('updated', next);
    slider.on('destroyed', clear);
  };
}
