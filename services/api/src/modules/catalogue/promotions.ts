/** Configuration, promotion placements (marketing and ads) and A/B tests of the catalogue. */
import { AB_TEST_CODES, FREE_TRIAL_COUNTRIES, type AdModule, type AppDownloadConfig } from 'shared-contracts';

/** No mobile app is published from this studio: both download entries are closed (status 0). */
const APP_DOWNLOAD: AppDownloadConfig = {
  android: { status: 0, download_code: '', download_link: '' },
  ios: { status: 0, download_code: '', download_link: '' },
};

export const SYSTEM_CONFIG: { code: string; value: string }[] = [
  { code: 'app', value: JSON.stringify(APP_DOWNLOAD) },
  { code: 'credits_valid_years', value: '2' },
  { code: 'checkin_countries', value: JSON.stringify(['CL', 'TH']) },
];

/** The promotion art the API serves itself (modules/billing/promo-art.ts), relative to the API base. */
const PROMO_ART = {
  gift: '/v1/common/promo-art/gift.svg',
  discount: '/v1/common/promo-art/discount.svg',
  banner: '/v1/common/promo-art/banner.svg',
  popup: '/v1/common/promo-art/popup.svg',
} as const;

export interface MarketingSeed {
  client: '' | 'wap';
  title: string;
  is_banner: boolean;
  is_pop: boolean;
  /** '' means: open the purchase dialog (both sides read it so) */
  turn_url: string;
  image: string;
  discount: string;
}

export const MARKETING: MarketingSeed[] = [
  { client: '', title: '1M AI creations', is_banner: true, is_pop: false, turn_url: '', image: PROMO_ART.banner, discount: '20%' },
  { client: '', title: 'Up to 50% OFF', is_banner: false, is_pop: true, turn_url: '', image: PROMO_ART.popup, discount: '50%' },
  { client: 'wap', title: 'Up to 50% OFF', is_banner: false, is_pop: true, turn_url: '', image: PROMO_ART.popup, discount: '50%' },
];

export interface AdSeed {
  client: '' | 'wap';
  module: AdModule;
  activity: string;
  /** '' means: open the purchase dialog */
  turn_url: string;
  white_thumbnail: string;
}

export const ADS: AdSeed[] = [
  { client: '', module: 'main_header', activity: '3_days_free', turn_url: '', white_thumbnail: PROMO_ART.gift },
  { client: '', module: 'studio_footer', activity: 'membership_discount', turn_url: '', white_thumbnail: PROMO_ART.discount },
  { client: 'wap', module: 'hooks_banner_mobile', activity: '3_days_free', turn_url: '', white_thumbnail: PROMO_ART.gift },
];

export const AB_TESTS: { code: string; countries: string[] | null }[] = AB_TEST_CODES.map((code) => ({
  code,
  countries: code === 'free_trial' ? [...FREE_TRIAL_COUNTRIES] : null,
}));

