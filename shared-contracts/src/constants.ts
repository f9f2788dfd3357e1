/** Business constants and limits of spec section 9. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_TOP_PX = 100;
export const TOAST_GAP_PX = 70;
export const POPOVER_SHOW_DELAY_MS = 50;
export const POPOVER_HIDE_DELAY_MS = 200;
export const RESIZE_THROTTLE_MS = 200;
export const BREAKPOINTS = [480, 600, 768, 960, 1188, 1368, 1920] as const;
export const PHONE_MAX_WIDTH = 768;

export const CLIENT_ID_COOKIE_DAYS = 14;
export const TOKEN_COOKIE_DAYS = 2;
export const THIRD_PARTY_COOKIE_FLAG_DAYS = 2;
export const USER_CACHE_MS = 24 * 60 * 60 * 1000;
export const TASK_RESULT_DAYS = 7;
export const CREDIT_VALID_YEARS = 2;
export const MONEY_BACK_DAYS = 30;

export const CMS_CACHE_MS = 300000;
export const CMS_DEBOUNCE_MS = 300;
export const CMS_INJECT_DELAY_MS = 50;
export const RELOAD_GUARD_MS = 10000;
export const MANIFEST_CHECK_DELAY_MS = 1000;
export const MANIFEST_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const MAX_PENDING_PRELOADS = 4;
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

export const VIDEO_CREDITS_PER_SECOND = 6;
export const EFFECT_SECONDS_PER_CREDIT = 30;
/**
 * The spec's premium third-party video model (160 credits for 8 s). Not priced by the API since issue 27: no
 * engine runs a model that deserves the price; kept for the day one does (removing an export would break 2.x).
 */
export const PREMIUM_MODEL_8S_VIDEO_CREDITS = 160;
export const TRIAL_DAYS = 3;
export const TRIAL_CREDITS = 100;
export const SIGNUP_CREDITS = 5;
export const STANDARD_MONTHLY_CREDITS = 100;
export const PREMIUM_MONTHLY_CREDITS = 500;

export const CHECKIN_DEFAULT_CREDITS = 2;
export const CHECKIN_FALLBACK_CREDITS = 3;
export const CHECKIN_CREDITS = { free: 3, standard: 3, premium: 6 } as const;
export const CHECKIN_CYCLE_HOUR = 19;
export const CHECKIN_CYCLE_OFFSET_HOURS = 7;
export const CHECKIN_DAILY_WINNERS = 500;
export const CHECKIN_LAYER_Z = 500;

export const MUSIC_DEFAULT_DURATION = 30;
export const PROMPT_MIN_LENGTH = 10;
export const LYRICS_MIN_LENGTH = 10;
export const VIDEO_PROMPT_MAX_WORDS = 200;
export const IMAGE_PROMPT_MAX_WORDS = 50;
export const MUSIC_PROMPT_MAX_WORDS = 50;

export const TASK_PAGE_SIZE = 20;
export const COMMON_TASK_PAGE = 2;
export const EXAMPLES_PAGE_SIZE = 20;
export const TRANSACTIONS_PAGE_SIZE = 15;
export const TRANSACTIONS_SCROLL_THROTTLE_MS = 100;
export const TEMPLATES_PAGE_SIZE = 25;
export const TEMPLATES_MIN_FOR_NEXT = 20;
export const THUMBNAIL_DEFAULT_SIZE = 400;
export const SAMPLE_LIMIT = 5;

export const HIGHEST_DISCOUNT_SKU = { default: 24109016, india: 24149003 } as const;
export const SKU_TIER: Record<number, 'BASIC' | 'STANDARD' | 'PREMIUM'> = {
  0: 'BASIC',
  24109013: 'STANDARD',
  24109014: 'STANDARD',
  24109015: 'PREMIUM',
  24109016: 'PREMIUM',
};

export const AB_TEST_CODES = [
  'login_test_undefined',
  'ad_banner_undefined',
  'sku_week_10_credits',
  'ai_price_upgrade',
  'cart_iframe',
  'dlp_app',
  'free_trial',
  'membership_0215',
] as const;
export type AbTestCode = (typeof AB_TEST_CODES)[number];
export const FREE_TRIAL_COUNTRIES = ['US', 'BR', 'GB', 'MX', 'FR', 'PH'] as const;
export const CHECKIN_COUNTRIES_DEFAULT = ['CL', 'TH'] as const;

/** About 50 country codes treated as European (EU, EEA, UK, Switzerland and neighbours). */
export const EUROPEAN_COUNTRIES = [
  'AD', 'AL', 'AT', 'BA', 'BE', 'BG', 'BY', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO', 'FR',
  'GB', 'GI', 'GR', 'HR', 'HU', 'IE', 'IM', 'IS', 'IT', 'JE', 'GG', 'LI', 'LT', 'LU', 'LV', 'MC', 'MD',
  'ME', 'MK', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'SE', 'SI', 'SK', 'SM', 'UA', 'VA', 'XK',
] as const;

export const PURCHASE_POLL_INTERVAL_MS = 2000;
export const PURCHASE_POLL_MAX_TRIES = 450;
export const PURCHASE_REFRESH_DELAYS_MS = [3000, 6000, 9000] as const;
export const LOGIN_REFRESH_DELAYS_MS = [5000, 10000] as const;
export const RELOGIN_REDIRECT_MS = 200;
export const LOGIN_SESSION_REUSE_MS = 60 * 60 * 1000;
export const FEEDBACK_SESSION_MS = 30 * 60 * 1000;

export const PROMOTION_HIDE_MS = 24 * 60 * 60 * 1000;
export const CAMPAIGN_START_MS = 1756288800000;
export const PHONE_CAROUSEL_MS = 6000;
export const FREE_TRIAL_COLLAPSE_MS = 15000;
export const FREE_TRIAL_REMOVE_MS = 500;
export const FREE_TRIAL_SHOW_DELAY_MS = 10;
export const PROGRESS_TICK_MS = 1000;
export const PROGRESS_CAP = 99;
export const PHONE_VIDEO_MODAL_MAX_HEIGHT = 480;
export const AD_ICON_SIZE = { phone: 72, desktop: 104 } as const;
export const ACCOUNT_POPOVER = { offset: 20, zIndex: 2001 } as const;
export const CREDIT_DIALOG_WIDTH = '45rem';
export const LOGIN_FRAME = { width: 400, height: 604 } as const;
export const LOGIN_POPUP = { width: 500, height: 650 } as const;
export const PURCHASE_DIALOG_WIDTH = 960;
export const INTERVAL_FALLBACK_MS = 1000;

export const PERF_THRESHOLDS = { fcp: [1800, 3000], lcp: [2500, 4000] } as const;
export const PANEL_LOAD_SUCCESS_MS = 30000;

export const CAMPAIGN_PACTIVITY = 'retention_checkin_credit_for_creation';
export const EMBED_MODE_SIDEAPP = 'www-sideapp';
export const FEATURE_GUIDE_EXPLORE_ID = 1400;

export const ASPECT_RATIOS = [
  { ratio: '9:16', width: 576, height: 1024 },
  { ratio: '16:9', width: 1024, height: 576 },
  { ratio: '1:1', width: 1024, height: 1024 },
  { ratio: '4:3', width: 1024, height: 768 },
  { ratio: '3:4', width: 768, height: 1024 },
  { ratio: '3:2', width: 1023, height: 682 },
  { ratio: '2:3', width: 682, height: 1023 },
] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number]['ratio'];
export const BATCH_COUNTS = [1, 2, 3, 4] as const;
export const DEFAULT_BATCH_COUNT = 4;

export const DEFAULT_LOCALE = 'en';
export const LOGIN_LOCALES = ['en', 'de', 'fr', 'it', 'es', 'zh', 'ja', 'ae', 'ko', 'ru', 'nl', 'pt', 'pl', 'ro', 'id'] as const;

/** Frame messages between the account service pages and the product (spec section 4). */
export const FRAME_MESSAGES = {
  PAGE_VIEW: 'account:page-view',
  REGISTER_SUCCESS: 'account:register-success',
  AUTH_CODE: 'account:auth-code',
  LOGIN_SUCCESS: 'account:login-success',
  SHOW_LOGIN: 'account:show-login',
  SHOW_SIGNUP: 'account:show-signup',
  LOGOUT_REQUEST: 'account:logout',
  CLEAR_USER_INFO: 'account:clear-user-info',
  /** the third-party cookie check frame's answer, with `supported` */
  COOKIE_CHECK: 'account:cookie-check',
  /** Escape pressed inside the login frame: the host closes the dialog (focus is inside the frame, so the host hears no key) */
  CLOSE_REQUEST: 'account:close',
} as const;
export type FrameMessageType = (typeof FRAME_MESSAGES)[keyof typeof FRAME_MESSAGES];
export interface FrameMessage {
  type: FrameMessageType;
  /** the auth code and state with AUTH_CODE */
  code?: string;
  state?: string;
  reason?: string;
  /** with COOKIE_CHECK: whether the account service's cookie survived inside the frame */
  supported?: boolean;
}

/** User texts of spec sections 5 and 8. */
export const USER_TEXTS = {
  NETWORK: 'Network fluctuation detected. Please try again later.',
  UNKNOWN: 'Unknown error, please retry later',
  GENERATION_FAILURE: 'Generation Failure',
  TASK_DELETION_FAILED: 'Task Deletion Failed',
  PLAYBACK_FAILED: 'Playback Failed',
  PROCESSING_FAILED: 'Processing failed. Please try again.',
  DAILY_LIMIT: 'Daily limit reached. Try again tomorrow.',
  GENERATION_FAILED_LATER: 'Generation failed, please try again later.',
  PROMPT_FAILED: 'Failed to obtain prompt',
  OOPS: 'Oops! Something went wrong. Please try again later.',
  UPLOAD_FAILED: 'Upload failed',
  UNSUPPORTED_FORMAT: 'Unsupported format',
  RESOLUTION_UNSUPPORTED: 'Resolution is not supported',
  FORMAT_UNSUPPORTED: 'The format is not supported',
  NOT_ENOUGH_SPACE: 'Not enough space',
  NOT_ENOUGH_SPACE_DETAIL: 'Remaining cloud storage not enough. Please upgrade your plan and try uploading again',
  PROMPT_TOO_LONG: 'Your prompt is too long. Please shorten it',
  LYRICS_TOO_SHORT: 'Lyrics must be at least 10 characters long',
  MUSIC_EMPTY: 'Please enter song lyrics or prompt to generate music',
  FRAME_RATIO: 'First and end frame ratios are too different',
  NO_FACE: 'Please upload images with face',
  NON_COMPLIANT: 'The input is non-compliant. Please revise it.',
  SELECT_AREA: 'Please select the area to modify first.',
  NO_SUBJECT: 'No clear subject was found to cut out, so nothing was charged. Try a picture with one main subject.',
  REDRAW_PROMPT: 'Enter a prompt to describe the content for redrawing.',
  LOGGED_OUT: 'You have been logged out, please log in again!',
  CHECKIN_FETCH_FAILED: 'Failed to fetch check-in data',
  CHECKIN_FAILED: 'Check-in failed',
  CHECKIN_FAILED_PANEL: 'check in fail',
  PURCHASE_SUCCESS: 'Successful purchase',
  NO_RECORDS: 'No records found.',
  CANVAS_FAIL: 'canvas getContext fail',
  TASK_IN_PROGRESS_LEAVE: 'Your task is in progress. Are you sure you want to leave?',
  NOT_DOWNLOADED_LEAVE: 'Your work has not been downloaded. Are you sure you want to leave?',
  RESTART_CONFIRM: 'If you restart the generation task, your current progress will not be saved. Continue?',
  PREMIUM_NO_STANDARD: 'Premium members cannot renew under the Standard plan.',
  PREMIUM_NEW_SUB:
    'Your new subscription will start after the current one ends. Need more credits now? Go to the Credits tab to purchase separately.',
} as const;
