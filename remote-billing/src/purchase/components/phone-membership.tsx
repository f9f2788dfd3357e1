/**
 * The phone membership tab's extras (spec sections 2, 4 and 9): the rotating banner of the three AI kinds
 * on a keen-slider carousel (every 6 s, 3 items, loops) and the benefit comparison table, free against the
 * selected tier.
 */
import { useState } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { PHONE_CAROUSEL_MS, PREMIUM_MONTHLY_CREDITS, SIGNUP_CREDITS, STANDARD_MONTHLY_CREDITS } from 'shared-contracts';
import { sliderAutoplay } from '@studio/ui-kit/slider-autoplay';
import { theme } from '@studio/ui-kit/theme';
import { promoColors, SLIDE_GRADIENTS } from '../../lib/promo-colors';

const SLIDES = [
  { title: 'AI Video', text: 'Text and images into videos, ultra HD and watermark-free', background: SLIDE_GRADIENTS.video },
  { title: 'AI Image', text: 'Up to four images from one prompt, restyle and extend', background: SLIDE_GRADIENTS.image },
  { title: 'AI Audio', text: 'Music and songs from a prompt or your lyrics', background: SLIDE_GRADIENTS.audio },
] as const;

export function MembershipCarousel() {
  const [current, setCurrent] = useState(0);
  const [ref] = useKeenSlider<HTMLDivElement>({ loop: true, slides: { perView: 1 }, slideChanged: (s) => setCurrent(s.track.details.rel) }, [sliderAutoplay(PHONE_CAROUSEL_MS)]);
  return (
    <div>
      <div ref={ref} className="keen-slider" aria-roledescription="carousel" aria-label="What a membership makes" css={{ borderRadius: 14 }}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide.title}
            className="keen-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}: ${slide.title}`}
            css={{ minHeight: 120, padding: 16, color: promoColors.onPromo, background: slide.background, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', gap: 4 }}
          >
            <strong css={{ fontSize: 20 }}>{slide.title}</strong>
            <span css={{ fontSize: 13 }}>{slide.text}</span>
          </div>
        ))}
      </div>
      <div aria-hidden="true" css={{ display: 'flex', justifyContent: 'center', gap: 6, marginTop: 8 }}>
        {SLIDES.map((slide, i) => (
          <span key={slide.title} css={{ width: i === current ? 18 : 6, height: 6, borderRadius: 3, background: i === current ? theme.link : theme.border, transition: 'width 0.2s' }} />
        ))}
      </div>
    </div>
  );
}

/** Free against the selected tier (section 9's phone benefits table). */
export function BenefitsTable({ tier }: { tier: 'STANDARD' | 'PREMIUM' }) {
  const name = tier === 'PREMIUM' ? 'Premium' : 'Standard';
  const rows: [string, string, string][] =
    tier === 'PREMIUM'
      ? [
          ['Credits', `${SIGNUP_CREDITS} free credits`, `${PREMIUM_MONTHLY_CREDITS} credits monthly`],
          ['AI videos', '–', 'Up to 50 a month'],
          ['Images and music', '–', 'Unlimited'],
          ['Speed', 'Standard', 'Faster generations'],
          ['Watermark', 'Yes', 'Watermark-free, ultra HD'],
        ]
      : [
          ['Credits', `${SIGNUP_CREDITS} free credits`, `${STANDARD_MONTHLY_CREDITS} credits monthly`],
          ['Video translation', '–', '15 minutes'],
          ['Noise reduction', '–', '10 minutes'],
          ['Vocal removal', '–', '10 minutes'],
          ['Watermark', 'Yes', 'Watermark-free, ultra HD'],
        ];
  return (
    <table css={{ width: '100%', borderCollapse: 'collapse', fontSize: 13, 'th, td': { padding: '8px 6px', borderTop: `1px solid ${theme.border}`, textAlign: 'left' } }}>
      <caption css={{ textAlign: 'left', fontWeight: 600, color: theme.textMuted, paddingBottom: 6 }}>Free vs {name}</caption>
      <thead>
        <tr>
          <th scope="col">Benefit</th>
          <th scope="col">Free</th>
          <th scope="col">{name}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([benefit, free, paid]) => (
          <tr key={benefit}>
            <th scope="row" css={{ fontWeight: 500, color: theme.textMuted }}>
              {benefit}
            </th>
            <td>{free}</td>
            <td css={{ fontWeight: 600 }}>{paid}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
