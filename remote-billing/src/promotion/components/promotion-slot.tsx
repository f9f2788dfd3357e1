import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { AD_ICON_SIZE, resourceUrl, useShell, type AdItem, type PromotionSlotProps } from 'shared-contracts';
import { Glyph, GLYPHS } from '@studio/ui-kit/button';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { MEMBERSHIP_UPGRADE_TEST, useAbPlan } from '../../lib/ab-test';
import { CAMPAIGN_TEST } from '../../lib/campaign';
import { promoColors } from '../../lib/promo-colors';
import { useAds, useMarketing } from '../api/promotions';
import { closeAd, isAdClosed, localDate, readPromotionFlag, recordClosed, recordShown } from '../utils/promotion-flags';
import { mayShowPlacement, showFloatingAd, showHeaderAd, showHeaderBanner, type Viewer } from '../utils/rules';
import { useActivityExposure } from '../utils/activity-events';
import { PromoLink } from './promo-link';
import { UpgradeEntry } from './upgrade-entry';

export function useViewer(): Viewer {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const session = useSnapshot(shell.session.state);
  const campaign = useAbPlan(CAMPAIGN_TEST) === 2;
  const upgrade = useAbPlan(MEMBERSHIP_UPGRADE_TEST) === 2;
  return { isPhone: viewport.isPhone, isLogin: session.flags.isLogin, isSubscribed: session.flags.isSubscribed, isPremium: session.flags.isPremium, upgrade, campaign };
}

/** The seed's art is a path ('/v1/common/promo-art/...'): from the resource base when one is set, else the API; other images are absolute. */
export function useArtUrl(): (src: string) => string {
  const shell = useShell();
  return (src) => resourceUrl(shell.config, src, (path) => shell.api.url(path));
}

function adLabel(ad: AdItem): string {
  return ad.activity ? `Promotion: ${ad.activity.replace(/_/g, ' ')}` : 'Promotion';
}

function HeaderIcon() {
  const viewer = useViewer();
  const art = useArtUrl();
  const ads = useAds(viewer.isPhone ? 'wap' : '');
  const ad = ads.find((item) => item.module === 'main_header' && item.white_thumbnail);
  const visible = Boolean(ad && showHeaderAd(ad, viewer));
  useActivityExposure(ad?.activity ?? null, 'header-ad', visible);
  if (!ad || !visible) return null;
  return (
    <PromoLink href={ad.turn_url} reason="header-ad" activity={ad.activity} label={adLabel(ad)} css={{ display: 'inline-flex', borderRadius: 8, ...focusRing }}>
      <img src={art(ad.white_thumbnail)} alt="" width={32} height={32} css={{ display: 'block', objectFit: 'contain' }} />
    </PromoLink>
  );
}

/**
 * The floating promotion icon, in the place the shell gives it (the sidebar's foot, the phone drawer's), not
 * over the page: floating over the content it covered card titles, status pills and result actions.
 */
function FloatingIcon({ compact }: { compact: boolean }) {
  const viewer = useViewer();
  const art = useArtUrl();
  const ads = useAds(viewer.isPhone ? 'wap' : '');
  const module = viewer.isPhone ? 'hooks_banner_mobile' : 'studio_footer';
  const [closed, setClosed] = useState(() => isAdClosed(module));
  useEffect(() => setClosed(isAdClosed(module)), [module]);
  const ad = ads.find((item) => item.module === module && item.white_thumbnail);
  const visible = Boolean(ad && showFloatingAd(ad, viewer, closed));
  useActivityExposure(ad?.activity ?? null, 'floating-ad', visible);
  if (!ad || !visible) return null;
  const size = viewer.isPhone || compact ? AD_ICON_SIZE.phone : AD_ICON_SIZE.desktop;
  return (
    <div data-testid="floating-promotion" css={{ position: 'relative', width: size, height: size }}>
      <PromoLink href={ad.turn_url} reason="floating-ad" activity={ad.activity} label={adLabel(ad)} css={{ display: 'block', width: '100%', height: '100%', borderRadius: 12, ...focusRing }}>
        <img src={art(ad.white_thumbnail)} alt="" width={size} height={size} css={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }} />
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
  const viewer = useViewer();
  const items = useMarketing('');
  // decided once per page load: showing records today's date, which must not hide it again at once
  const [allowed] = useState(() => mayShowPlacement(readPromotionFlag('banner'), Date.now(), localDate(Date.now())));
  const [closed, setClosed] = useState(false);
  const banner = showHeaderBanner(viewer, Date.now()) ? items.find((item) => item.is_banner && item.title) : undefined;
  const visible = Boolean(banner) && allowed && !closed;
  useActivityExposure(banner?.title ?? null, 'header-banner', visible);
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
        color: promoColors.onPromo,
        background: promoColors.gradient,
        fontSize: 14,
      }}
    >
      <span css={{ fontWeight: 600 }}>{banner.title}</span>
      {banner.discount ? <span css={{ fontWeight: 800 }}>{/OFF/i.test(banner.discount) ? banner.discount : `${banner.discount} OFF`}</span> : null}
      <PromoLink
        activity={banner.title}
        href={banner.turn_url}
        reason="header-banner"
        css={{ padding: '6px 16px', borderRadius: 999, background: promoColors.onPromo, color: promoColors.strong, fontWeight: 700, textDecoration: 'none', '&:focus-visible': { outline: `2px solid ${promoColors.onPromo}`, outlineOffset: 2 } }}
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
          color: promoColors.onPromo,
          background: promoColors.shade,
          '&:focus-visible': { outline: `2px solid ${promoColors.onPromo}`, outlineOffset: 2 },
        }}
      >
        <Glyph d={GLYPHS.close} size={16} />
      </button>
    </div>
  );
}

/**
 * A promotion placement. Each renders nothing unless the server has a real ad or campaign for it and its
 * rule (utils/rules.ts) lets it show; errors are logged and leave the placement empty.
 */
export function PromotionSlot({ placement, compact = false }: PromotionSlotProps) {
  switch (placement) {
    case 'header-icon':
      return <HeaderIcon />;
    case 'floating-icon':
      return <FloatingIcon compact={compact} />;
    case 'header-banner':
      return <HeaderBanner />;
    case 'upgrade-entry':
      return <UpgradeEntry />;
    default:
      return null;
  }
}
