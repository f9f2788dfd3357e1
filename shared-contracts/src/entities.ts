/** Entities of spec section 3, as they travel on the wire and sit in local storage. Tasks: ./task-entities.ts; check-in and credits: ./credit-entities.ts. */
export * from './task-entities.js';
export * from './credit-entities.js';

export type VerifyLevel = 'free' | 'standard' | 'premium' | 'inactive';
/** Display mapping of section 4: premium shows as vip, a visitor as guest. */
export type PlanLevel = 'guest' | 'free' | 'standard' | 'vip';

export interface UserVerify {
  level: VerifyLevel;
  /** seconds since epoch; 0 when the level never expires */
  expired_time: number;
  is_expired: boolean;
}

export interface UserSubscription {
  pid: number;
  name: string;
  /** seconds since epoch */
  expired_time: number;
  is_expired: boolean;
}

export interface TokenInfo {
  jwt: string;
  access_token: string;
  is_new: boolean;
  /** seconds since epoch */
  created_at: number;
}

export interface User {
  token: string;
  uid: string;
  verify: UserVerify;
  integral: { integral: number };
  is_free_trial: boolean;
  tokenInfo: TokenInfo;
  featureCodes: string[];
  freeTrails: string[];
  country: string;
  /** derived from country: one of the European country codes */
  is_europe: boolean;
  lang: string;
  isNewUser: boolean;
  avatar: string;
  nickname: string;
  firstname: string;
  lastname: string;
  email: string;
  /** false while the e-mail address is not confirmed: the sign-up credits (or free trial) wait for it; absent: confirmed */
  email_verified?: boolean;
  subscribe: UserSubscription[];
}

/** The 1-day local cache wrapper of the user: `expire` is epoch milliseconds. */
export interface CachedUser {
  data: User | null;
  expire: number;
}

/** Flags derived from the user on the client. */
export interface UserFlags {
  isLogin: boolean;
  isFree: boolean;
  isPremium: boolean;
  isSubscribed: boolean;
  curCredits: number;
  isCredits10User: boolean;
}

/** The payload the client reads from the jwt. */
export interface TokenPayload {
  wsId: string;
  token: string;
  uid: string;
  exp: number;
}

export interface CmsBlocks {
  head: string;
  content: string;
  bottom: string;
}

export interface CmsContent {
  tdk: { title: string; description: string; keywords: string };
  blocks: CmsBlocks;
}

export interface CmsResponse {
  success: boolean;
  data: CmsContent | null;
  error: string | null;
}

export const CREDIT_FEATURE_CODE = 'MI-Credits-2024';

export interface SkuFeatureCode {
  feature_code: string;
  sale_unit_value: number;
}

export type PeriodUnit = 'week' | 'month' | 'year';

export interface PlanFeatures {
  tier: PlanTier;
  watermark_free: boolean;
  ultra_hd: boolean;
  frame_interpolation: boolean;
  faster_generations: boolean;
  videos_at_once: number;
  unlimited_effects: boolean;
  monthly_credits: number;
}

export interface SkuItem {
  sku_id: number;
  sub_tpl_id: number;
  sub_tpl_name: string;
  plan: string;
  period_unit: PeriodUnit;
  period_val: number;
  price: number;
  original_price: number;
  recommend_price: number;
  show_rec_price: boolean;
  currency: string;
  currency_symbol: string;
  buy_url: string;
  zero_buy: boolean;
  zero_buy_url: string;
  retention_promotion: boolean;
  retention_promotion_buy_url: string;
  feature_code_list: SkuFeatureCode[];
  /** subscription (membership) rather than a one-off credit pack */
  isSubscription: boolean;
  buyZeroChecked: boolean;
  extInfo: PlanFeatures;
  /** which list the sku belongs to */
  kind: 'membership' | 'credits' | 'credits10';
}

export type PlanTier = 'BASIC' | 'STANDARD' | 'PREMIUM';

export interface PricingState {
  isBuyInit: boolean;
  skuInfos: SkuItem[];
  isMembershipUpgrade: boolean;
  defTabSel: BuyTab;
  activityType: string;
  zeroBuyAutoChecked: boolean;
  currentHighestDiscount: number;
  callPricingData: { aiType: string; module: string } | null;
}

export type BuyTab = 'credits' | 'membership';

export interface ListResponse<T> {
  list: T[];
  total: number;
}

export type AdModule = 'main_header' | 'studio_footer' | 'hooks_banner_mobile';

export interface AdItem {
  module: AdModule;
  activity: string;
  turn_url: string;
  white_thumbnail: string;
}

export interface MarketingItem {
  id: number;
  title: string;
  is_banner: boolean;
  is_pop: boolean;
  turn_url: string;
  image: string;
  discount: string;
}

export interface SystemConfigEntry {
  code: string;
  /** JSON text; for code `app` an AppDownloadConfig */
  value: string;
}

export interface AppDownloadEntry {
  /** 1 is open */
  status: number;
  /** QR image URL */
  download_code: string;
  download_link: string;
}

export interface AppDownloadConfig {
  android: AppDownloadEntry;
  ios: AppDownloadEntry;
}

export interface ExploreItem {
  id: number;
  title: string;
  media: 'video' | 'image' | 'audio';
  thumbnail: string;
  preview_url: string;
  recommend: boolean;
  /** JSON text with width and height of the thumbnail */
  extra_data: string;
  algorithm: string;
  prompt: string;
}

export interface Paginated<T> {
  list: T[];
  paginate: { total: number };
}

export interface TemplateField {
  field: string;
  val: string | number | boolean;
}

export interface Template {
  tpl_id: number;
  name: string;
  thumbnail: string;
  thumbnail_link: string;
  cover_conf: { thumbnail_url: string; preview_url: string };
  preview_url: string;
  action_conf: { hot: boolean };
  extra: string;
  info: { algorithm: string; module: string; request: { fields: TemplateField[] } };
  description?: string;
  /** audio preview in the picker */
  preview?: string;
  rule?: { show: { val: string }[] };
}

export interface TemplateCategory {
  id: number;
  title: string;
  tpls: Template[];
  total: number;
  loading: boolean;
}

export interface TemplateTag {
  /** video or image (spec); 'audio' (the music templates) only when a caller asks for media=audio */
  value: 'video' | 'image' | 'audio';
  name: string;
  categories: TemplateCategory[];
}

export interface MusicSettings {
  prompt: string;
  duration: number;
  style: string;
  styleCoverLink: string;
  lyrics: string;
}

export interface CropRecord {
  picture: { width: number; height: number };
  clip: { x: number; y: number; w: number; h: number; scale: number; aspect: number | null };
}

export interface CropResult {
  image: Blob;
  naturalWidth: number;
  naturalHeight: number;
  x: number;
  y: number;
  w: number;
  h: number;
  record: CropRecord;
}

export interface AnalyticsProfile {
  uid: string;
  user_member_level: PlanLevel;
  user_credits: number;
  wsid: string;
}

export const REPORT_REASONS = [
  'Adult nudity and sexual activities',
  'Implicit sexual content',
  'Violent and graphic content',
  'Suicide, self-harm and dangerous acts',
  'Illegal activities and regulated goods',
  'Fraud',
  'Minor safety',
  'Hateful behavior',
  'Harassment or bullying',
  'Uncomfortable content',
  'Copyright infringement',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number] | 'Other';

export type ToolKind =
  | 'image2video'
  | 'text2video'
  | 'video2video'
  | 'aiEffects'
  | 'text2image'
  | 'image2image'
  | 'objectRemover'
  | 'partialRedrawing'
  | 'bgRemover'
  | 'talkingFace'
  | 'talkingFaceTts'
  | 'videoEnhancer';

export interface UserPreferences {
  theme: 'dark' | 'light';
  language: string;
  autoSave: boolean;
}

export interface PromotionFlag {
  /** YYYY-MM-DD */
  lastShownDate: string;
  /** epoch ms */
  closedAt: number;
}
export type PromotionPlacement = 'pc_popup' | 'banner' | 'mobile_popup';

export interface MediaInfo {
  width: number;
  height: number;
  /** seconds, 0 for images */
  duration: number;
  format: string;
  size: number;
}

export interface TtsVoice {
  id: string;
  name: string;
  lang: string;
  gender: 'male' | 'female';
}

export interface PromptPreset {
  id: number;
  title: string;
  prompt: string;
}
export interface PromptCategory {
  id: number;
  name: string;
  presets: PromptPreset[];
}

export interface PromptSample {
  id: number;
  prompt: string;
  thumbnail: string;
}

export interface DemoItem {
  id: number;
  title: string;
  media: 'video' | 'image' | 'audio';
  url: string;
  thumbnail: string;
}

export interface TradeInfoItem {
  order_id: string;
  sku_id_list: number[];
  created_at: number;
}
