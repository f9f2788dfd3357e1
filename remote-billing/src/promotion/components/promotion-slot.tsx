import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { AD_ICON_SIZE, useShell, type AdItem, type PromotionSlotProps } from 'shared-contracts';
import { Glyph, GLYPHS } from '@studio/ui-kit/button';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { useAds, useMarketing } from '../api/promotions';
import { closeAd, closedRecently, isAdClosed, readPromotionFlag, recordClosed, recordShown } from '../utils/promotion-flags';
import { PromoLink } from './promo-link';

const FREE_TRIAL_ACTIVITY = '3_days_free';

/** Subscribers are not shown the free-trial ad (spec section 5). */
function hiddenForSubscriber(ad: AdItem, isSubscribed: boolean): boolean {
  return isSubscribed && ad.activity === FREE_TRIAL_ACTIVITY;
}

function HeaderIcon() {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const session = useSnapshot(shell.session.state);
  const ads = useAds(viewport.isPhone ? 'wap' : '');
  const ad = ads.find((item) => item.module === 'main_header' && item.white_thumbnail && item.turn_url);
  if (!ad || hiddenForSubscriber(ad, session.flags.isSubscribed)) return null;
  return (
    <PromoLink href={ad.turn_url} label={ad.activity ? `Promotion: ${ad.activity.replace(/_/g, ' ')}` : 'Promotion'} css={{ display: 'inline-flex', borderRadius: 8, ...focusRing }}>
      <img src={ad.white_thumbnail} alt="" width={32} height={32} css={{ display: 'block', objectFit: 'contain' }} />
    </PromoLink>
  );
}

function FloatingIcon() {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const session = useSnapshot(shell.session.state);
  const ads = useAds(viewport.isPhone ? 'wap' : '');
  const module = viewport.isPhone ? 'hooks_banner_mobile' : 'studio_footer';
  const [closed, setClosed] = useState(() => isAdClosed(module));
  useEffect(() => setClosed(isAdClosed(module)), [module]);
  const ad = ads.find((item) => item.module === module && item.white_thumbnail && item.turn_url);
  if (!ad || closed) return null;
  if (viewport.isPhone && !session.flags.isLogin) return null;
  if (hiddenForSubscriber(ad, session.flags.isSubscribed)) return null;
  const size = viewport.isPhone ? AD_ICON_SIZE.phone : AD_ICON_SIZE.desktop;
  return (
    <div css={{ position: 'fixed', right: 16, bottom: 96, zIndex: 900, width: size, height: size }}>
      <PromoLink href={ad.turn_url} label="Promotion" css={{ display: 'block', width: '100%', height: '100%', borderRadius: 12, ...focusRing }}>
        <img src={ad.white_thumbnail} alt="" width={size} height={size} css={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }} />
      </PromoLink>
      <button
        type="button"
        aria-label="Close promotion"
        onClick={() => {
          closeAd(module);
          setClosed(true);
        }}
        css={{
          position: 'absolute',
          top: -8,
          right: -8,
          width: 24,
          height: 24,
          padding: 0,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 999,
          border: 0,
          cursor: 'pointer',
          color: theme.text,
          background: theme.surfaceRaised,
          ...focusRing,
        }}
      >
        <Glyph d={GLYPHS.close} size={14} />
      </button>
    </div>
  );
}

function HeaderBanner() {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const items = useMarketing('');
  const [closed, setClosed] = useState(() => closedRecently(readPromotionFlag('banner'), Date.now()));
  const banner = viewport.isPhone ? undefined : items.find((item) => item.is_banner && item.turn_url && item.title);
  const visible = Boolean(banner) && !closed;
  useEffect(() => {
    if (visible) recordShown('banner', Date.now());
  }, [visible]);
  if (!banner || !visible) return null;
  return (
    <div
      role="region"
      aria-label="Promotion"
      css={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        minHeight: 48,
        padding: '6px 48px',
        position: 'relative',
        color: '#ffffff',
        background: 'linear-gradient(90deg, #6a48f5, #c026d3)',
        fontSize: 14,
      }}
    >
      <span css={{ fontWeight: 600 }}>{banner.title}</span>
      {banner.discount ? <span css={{ fontWeight: 800 }}>{banner.discount}</span> : null}
      <PromoLink
        href={banner.turn_url}
        css={{ padding: '6px 16px', borderRadius: 999, background: '#ffffff', color: '#4c1d95', fontWeight: 700, textDecoration: 'none', '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: 2 } }}
      >
        Join Now
      </PromoLink>
      <button
        type="button"
        aria-label="Close promotion banner"
        onClick={() => {
          recordClosed('banner', Date.now());
          setClosed(true);
        }}
        css={{
          position: 'absolute',
          right: 12,
          top: '50%',
          transform: 'translateY(-50%)',
          width: 32,
          height: 32,
          padding: 0,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: 0,
          borderRadius: 999,
          cursor: 'pointer',
          color: '#ffffff',
          background: 'rgba(0,0,0,0.2)',
          '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: 2 },
        }}
      >
        <Glyph d={GLYPHS.close} size={16} />
      </button>
    </div>
  );
}

/**
 * A promotion placement. Each renders nothing unless the server has a real ad or campaign for it; errors
 * are logged and leave the placement empty. The Upgrade entry needs purchase setup, which does not exist
 * until checkout opens, so it renders nothing.
 */
export function PromotionSlot({ placement }: PromotionSlotProps) {
  switch (placement) {
    case 'header-icon':
      return <HeaderIcon />;
    case 'floating-icon':
      return <FloatingIcon />;
    case 'header-banner':
      return <HeaderBanner />;
    case 'upgrade-entry':
    default:
      return null;
  }
}
