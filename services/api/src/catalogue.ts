/**
 * The product's catalogue, inserted once (a versioned step recorded in schema_migrations beside the SQL
 * migrations); after that the rows belong to whoever edits the database. Typed against the contract.
 */
import type { Database, Queryable } from '@studio/db';
import {
  AB_TEST_CODES,
  FREE_TRIAL_COUNTRIES,
  PREMIUM_MONTHLY_CREDITS,
  STANDARD_MONTHLY_CREDITS,
  type AdModule,
  type AppDownloadConfig,
  type PeriodUnit,
  type PlanTier,
} from 'shared-contracts';

export const CATALOGUE_VERSION = '0100_catalogue_v1';

interface TierRow {
  tier: PlanTier;
  level: 'free' | 'standard' | 'premium';
  watermark_free: boolean;
  ultra_hd: boolean;
  frame_interpolation: boolean;
  faster_generations: boolean;
  videos_at_once: number;
  unlimited_effects: boolean;
  monthly_credits: number;
  feature_codes: string[];
}

export const PLAN_TIERS: TierRow[] = [
  {
    tier: 'BASIC',
    level: 'free',
    watermark_free: false,
    ultra_hd: false,
    frame_interpolation: false,
    faster_generations: false,
    videos_at_once: 1,
    unlimited_effects: false,
    monthly_credits: 0,
    feature_codes: [],
  },
  {
    tier: 'STANDARD',
    level: 'standard',
    watermark_free: true,
    ultra_hd: true,
    frame_interpolation: true,
    faster_generations: false,
    videos_at_once: 3,
    unlimited_effects: true,
    monthly_credits: STANDARD_MONTHLY_CREDITS,
    feature_codes: ['watermark_free', 'ultra_hd', 'frame_interpolation', 'videos_at_once_3', 'unlimited_effects'],
  },
  {
    tier: 'PREMIUM',
    level: 'premium',
    watermark_free: true,
    ultra_hd: true,
    frame_interpolation: true,
    faster_generations: true,
    videos_at_once: 5,
    unlimited_effects: true,
    monthly_credits: PREMIUM_MONTHLY_CREDITS,
    feature_codes: [
      'watermark_free',
      'ultra_hd',
      'frame_interpolation',
      'faster_generations',
      'videos_at_once_5',
      'unlimited_effects',
    ],
  },
];

/** A sku as the catalogue seeds it; the sku-info query reads it back joined with its plan features. */
export interface SkuRow {
  sku_id: number;
  kind: 'membership' | 'credits' | 'credits10';
  tier: PlanTier;
  sub_tpl_id: number;
  sub_tpl_name: string;
  plan: string;
  period_unit: PeriodUnit;
  period_val: number;
  is_subscription: boolean;
  credits: number;
  price: number;
  original_price: number;
  recommend_price: number;
  show_rec_price: boolean;
  zero_buy: boolean;
  sort: number;
}

const membership = (
  sku_id: number,
  tier: 'STANDARD' | 'PREMIUM',
  period_unit: 'month' | 'year',
  price: number,
  original_price: number,
  sort: number,
  zero_buy = false,
): SkuRow => {
  const name = tier === 'STANDARD' ? 'Standard' : 'Premium';
  const monthly = tier === 'STANDARD' ? STANDARD_MONTHLY_CREDITS : PREMIUM_MONTHLY_CREDITS;
  return {
    sku_id,
    kind: 'membership',
    tier,
    sub_tpl_id: tier === 'STANDARD' ? 1 : 2,
    sub_tpl_name: `${name} ${period_unit === 'month' ? 'Monthly' : 'Yearly'}`,
    plan: name,
    period_unit,
    period_val: 1,
    is_subscription: true,
    credits: period_unit === 'month' ? monthly : monthly * 12,
    price,
    original_price,
    recommend_price: price,
    show_rec_price: false,
    zero_buy,
    sort,
  };
};

/** Credit prices by amount and period; yearly packs are one-off purchases, weekly and monthly renew. */
const CREDIT_PRICES: Record<PeriodUnit, Record<number, [number, number]>> = {
  week: { 25: [2.99, 2.99], 50: [4.99, 5.98] },
  month: {
    10: [1.99, 1.99],
    25: [3.99, 4.98],
    50: [5.99, 9.95],
    100: [9.99, 19.9],
    200: [18.99, 39.8],
    300: [26.99, 59.7],
    500: [39.99, 99.5],
  },
  year: {
    10: [2.49, 2.49],
    50: [9.99, 12.45],
    100: [14.99, 24.9],
    200: [27.99, 49.8],
    500: [59.99, 124.5],
    1000: [99.99, 249],
    2000: [179.99, 498],
  },
};

function creditSkus(kind: 'credits' | 'credits10', base: number, lists: Record<PeriodUnit, number[]>): SkuRow[] {
  const rows: SkuRow[] = [];
  let n = 0;
  for (const unit of ['week', 'month', 'year'] as PeriodUnit[]) {
    for (const credits of lists[unit]) {
      const [price, original] = CREDIT_PRICES[unit][credits];
      n += 1;
      rows.push({
        sku_id: base + n,
        kind,
        tier: 'BASIC',
        sub_tpl_id: unit === 'year' ? 5 : unit === 'month' ? 4 : 3,
        sub_tpl_name: `${credits} Credits${unit === 'year' ? '' : unit === 'month' ? ' Monthly' : ' Weekly'}`,
        plan: 'Credits',
        period_unit: unit,
        period_val: 1,
        is_subscription: unit !== 'year',
        credits,
        price,
        original_price: original,
        recommend_price: price,
        show_rec_price: false,
        zero_buy: false,
        sort: n,
      });
    }
  }
  return rows;
}

/**
 * Spec section 9: monthly subscription credits 100, 200, 300, 500 (10, 25, 50, 100, 200, 300, 500 for
 * credits-10 users, the union of the desktop and phone lists); weekly 25 and 50 (phone); yearly one-off
 * packs 100, 200, 500, 1000, 2000 (10, 50, 100, 200, 500 plus 1000 and 2000 for credits-10 users).
 */
export const SKUS: SkuRow[] = [
  membership(24109013, 'STANDARD', 'month', 14.99, 19.99, 1),
  membership(24109014, 'STANDARD', 'year', 119.88, 179.88, 2),
  membership(24109015, 'PREMIUM', 'month', 39.99, 49.99, 3, true),
  membership(24109016, 'PREMIUM', 'year', 299.88, 599.88, 4),
  ...creditSkus('credits', 24110000, { week: [25, 50], month: [100, 200, 300, 500], year: [100, 200, 500, 1000, 2000] }),
  ...creditSkus('credits10', 24111000, {
    week: [25, 50],
    month: [10, 25, 50, 100, 200, 300, 500],
    year: [10, 50, 100, 200, 500, 1000, 2000],
  }),
];

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

/** turn_url '' means: open the purchase dialog. */
export const MARKETING: {
  client: '' | 'wap';
  title: string;
  is_banner: boolean;
  is_pop: boolean;
  turn_url: string;
  discount: string;
}[] = [
  { client: '', title: '1M AI creations - 20% OFF', is_banner: true, is_pop: false, turn_url: '', discount: '20%' },
  { client: '', title: 'Up to 50% OFF', is_banner: false, is_pop: true, turn_url: '', discount: '50%' },
  { client: 'wap', title: 'Up to 50% OFF', is_banner: false, is_pop: true, turn_url: '', discount: '50%' },
];

export const ADS: { client: '' | 'wap'; module: AdModule; activity: string; turn_url: string }[] = [
  { client: '', module: 'main_header', activity: '3_days_free', turn_url: '' },
  { client: '', module: 'studio_footer', activity: 'membership_discount', turn_url: '' },
  { client: 'wap', module: 'hooks_banner_mobile', activity: '3_days_free', turn_url: '' },
];

export const AB_TESTS: { code: string; countries: string[] | null }[] = AB_TEST_CODES.map((code) => ({
  code,
  countries: code === 'free_trial' ? [...FREE_TRIAL_COUNTRIES] : null,
}));

interface CmsRow {
  path: string;
  title: string;
  description: string;
  keywords: string;
  content: string;
}

function section(heading: string, paragraphs: string[], items: string[] = []): string {
  const list = items.length ? `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>` : '';
  return `<section class="seo-block"><h2>${heading}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}${list}</section>`;
}

const CREDIT_NOTE =
  'Every new account starts with 5 free credits. Standard members get 100 credits a month and Premium members 500; credits stay valid for 2 years and the ones expiring first are used first.';

export const CMS_PAGES: CmsRow[] = [
  {
    path: '/home',
    title: 'AI Video Generator - Create Videos, Images and Music with AI',
    description:
      'Turn text and images into videos, create images and music with AI, and edit media with AI tools. Start with free credits.',
    keywords: 'ai video generator, text to video, image to video, text to image, ai music, ai tools',
    content: section(
      'Create video, images and music with AI',
      [
        'Describe a scene and get a video, animate a photo, restyle a clip as anime, or generate images and songs from a prompt.',
        CREDIT_NOTE,
      ],
      ['Text to Video and Image to Video', 'Text to Image and Image to Image', 'Text to Music and Text to Song', 'AI tools for video, image and audio'],
    ),
  },
  {
    path: '/explore',
    title: 'Explore AI Creations - Videos and Images Made with AI',
    description: 'Browse videos and images other creators made with the studio and reuse their settings.',
    keywords: 'ai video gallery, ai image gallery, ai examples',
    content: section('Explore what others create', [
      'Filter the gallery by media type, open an item to see the prompt and settings behind it, and report anything that breaks the rules.',
    ]),
  },
  {
    path: '/effect',
    title: 'AI Video Effects and Templates',
    description: 'Apply ready-made AI effect templates to your photos and clips.',
    keywords: 'ai video effects, ai templates, photo to video effects',
    content: section('Effect templates', [
      'Pick an effect, upload a photo and the studio renders the clip. Effects cost 1 credit per 30 seconds of output; Standard and Premium members use them without limit.',
    ]),
  },
  {
    path: '/text-to-video',
    title: 'Text to Video AI - Turn Prompts into Videos',
    description: 'Write a prompt, choose a ratio and duration, and generate a video with AI.',
    keywords: 'text to video, ai video from text, prompt to video',
    content: section(
      'Text to Video',
      ['Describe the scene, the camera and the mood in up to 200 words. Choose an aspect ratio, a duration and a resolution, then generate.', 'About 6 credits buy one second of AI video.'],
      ['Ratios 9:16, 16:9, 1:1, 4:3, 3:4, 3:2 and 2:3', 'Results are kept for 7 days in My Creations'],
    ),
  },
  {
    path: '/image-to-video',
    title: 'Image to Video AI - Animate Photos',
    description: 'Upload an image, optionally an end frame, and let AI animate it into a video.',
    keywords: 'image to video, animate photo, photo to video ai',
    content: section('Image to Video', [
      'Upload a JPG, PNG or WEBP image, describe the motion you want and generate a short clip. A first and end frame can be given for a transition.',
      'About 6 credits buy one second of AI video.',
    ]),
  },
  {
    path: '/video-to-anime',
    title: 'Video to Anime AI - Restyle Clips',
    description: 'Turn a video clip into an anime-style animation with AI.',
    keywords: 'video to anime, anime filter, ai video style',
    content: section('Video to Anime', ['Upload an MP4 or MOV clip, pick a style and the studio redraws every frame.']),
  },
  {
    path: '/text-to-image',
    title: 'Text to Image AI - Generate Images from Prompts',
    description: 'Generate up to four images at once from a text prompt, in the ratio you need.',
    keywords: 'text to image, ai image generator, ai art',
    content: section('Text to Image', [
      'Describe the picture in up to 50 words, choose a ratio and how many images to make (1 to 4), then generate.',
    ]),
  },
  {
    path: '/image-to-image',
    title: 'Image to Image AI - Restyle and Transform Pictures',
    description: 'Upload a picture and transform it with a prompt or a style.',
    keywords: 'image to image, ai photo editor, style transfer',
    content: section('Image to Image', [
      'Upload an image under 50 MB and below 3840x2160, describe the change, and generate new versions.',
    ]),
  },
  {
    path: '/text-to-music',
    title: 'Text to Music and Song AI',
    description: 'Generate music from a prompt, or a song from your lyrics, with AI.',
    keywords: 'text to music, ai song generator, ai music',
    content: section('Text to Music', [
      'Write a prompt of at least 10 characters, choose a style and a duration (30 seconds by default), or switch to Song and add lyrics.',
    ]),
  },
  {
    path: '/ai-tools',
    title: 'AI Tools for Video, Image and Audio',
    description: 'Enhance, clean up and edit video, images and audio with AI tools.',
    keywords: 'ai tools, video enhancer, background remover, object remover',
    content: section(
      'AI tools',
      ['Every tool works on your own uploads and shows its cost in credits before you start.'],
      ['Video and image enhancer', 'Background remover', 'Object remover and video eraser', 'Partial redrawing', 'Talking avatar and lip sync'],
    ),
  },
  {
    path: '/ai-tools/video-enhancer',
    title: 'AI Video Enhancer - Upscale and Sharpen Videos',
    description: 'Improve the resolution and clarity of MP4, MOV and MKV clips up to 5 minutes.',
    keywords: 'video enhancer, upscale video, ai video quality',
    content: section('Video enhancer', ['Upload an MP4, MOV or MKV clip of up to 5 minutes and get a sharper, upscaled version.']),
  },
  {
    path: '/ai-tools/image-enhancer',
    title: 'AI Image Enhancer - Upscale Photos',
    description: 'Upscale and sharpen photos with AI.',
    keywords: 'image enhancer, photo upscaler, ai upscale',
    content: section('Image enhancer', ['Upload a JPG, PNG or WEBP image under 50 MB and get it upscaled and sharpened.']),
  },
  {
    path: '/ai-tools/bg-remover',
    title: 'AI Background Remover - Transparent Backgrounds',
    description: 'Remove the background of a photo in one step.',
    keywords: 'background remover, remove bg, transparent background',
    content: section('Background remover', ['Upload a photo and download the subject on a transparent background.']),
  },
  {
    path: '/ai-tools/object-remover',
    title: 'AI Object Remover - Erase Objects from Photos',
    description: 'Brush over an object and let AI fill the area.',
    keywords: 'object remover, remove objects from photo, ai eraser',
    content: section('Object remover', ['Paint over what should go and the tool fills the area to match its surroundings.']),
  },
  {
    path: '/ai-tools/partial-redrawing',
    title: 'AI Replace - Redraw Part of an Image',
    description: 'Select an area of a picture and describe what should replace it.',
    keywords: 'ai replace, inpainting, partial redrawing',
    content: section('Partial redrawing', ['Select the area to modify, enter a prompt describing the new content and generate.']),
  },
  {
    path: '/ai-tools/ai-talking-avatar',
    title: 'AI Talking Avatar - Make Photos Speak',
    description: 'Give a portrait a voice from text or an audio file.',
    keywords: 'talking avatar, talking photo, lip sync ai',
    content: section('Talking avatar', ['Upload a portrait with a visible face and a script or audio; the avatar speaks it.']),
  },
  {
    path: '/ai-tools/video-eraser',
    title: 'AI Video Eraser - Remove Objects from Videos',
    description: 'Mark an object in a clip and remove it from every frame.',
    keywords: 'video eraser, remove object from video, video object remover',
    content: section('Video eraser', [
      'Upload an MP4 or MOV clip (9:16 to 16:9, up to 2048 MB), mark the object with the brush, wand or polygon and remove it. Processing takes 1 to 3 minutes.',
    ]),
  },
  {
    path: '/template',
    title: 'AI Video and Image Templates',
    description: 'Browse templates by category and start from one.',
    keywords: 'ai templates, video templates, image templates',
    content: section('Templates', ['Hover a template to preview it, then use it as the starting point of your creation.']),
  },
];

const BOTTOM = section('Credits and plans', [CREDIT_NOTE, 'Paid plans come with a 30-day money-back guarantee.']);

export const PROMPT_SAMPLES: { key: string; prompt: string }[] = [
  { key: 'text2video', prompt: 'A paper boat drifting down a rain-soaked city street at dusk, neon reflections on the water, slow tracking shot' },
  { key: 'text2video', prompt: 'A red fox trotting through fresh snow in a pine forest, morning light through the trees, camera follows at ground level' },
  { key: 'text2video', prompt: 'Time-lapse of clouds rolling over a mountain ridge, golden hour, wide angle' },
  { key: 'text2video', prompt: 'A barista pouring latte art in slow motion, close-up, warm cafe lighting' },
  { key: 'text2video', prompt: 'An astronaut walking across a desert of white sand under two moons, cinematic, 35mm film look' },
  { key: 'image2video', prompt: 'The subject turns to the camera and smiles, hair moving gently in the wind' },
  { key: 'image2video', prompt: 'Slow push-in, leaves falling in the background, soft focus' },
  { key: 'image2video', prompt: 'Waves roll in and the camera pans left along the shore' },
  { key: 'text2image', prompt: 'A cozy reading nook by a rainy window, watercolor illustration, soft warm palette' },
  { key: 'text2image', prompt: 'Isometric miniature city block at night, glowing shop signs, highly detailed' },
  { key: 'text2image', prompt: 'Portrait of an elderly fisherman, dramatic side light, black and white photograph' },
  { key: 'text2image', prompt: 'A glass teapot with a blooming flower inside, studio product shot, white background' },
  { key: 'text2image', prompt: 'Retro travel poster of a lighthouse on a cliff, bold flat colors' },
  { key: 'text2music', prompt: 'Calm lo-fi beat with soft piano, vinyl crackle and a slow groove for studying' },
  { key: 'text2music', prompt: 'Upbeat synthwave track with driving bass and bright arpeggios, 120 bpm' },
  { key: 'text2music', prompt: 'Gentle acoustic guitar and cello duet, warm and hopeful, for a travel video' },
  { key: 'text2song', prompt: 'An indie pop song about a summer road trip with friends, female vocals, catchy chorus' },
  { key: 'text2song', prompt: 'A folk ballad about an old harbor town, male vocals, acoustic guitar' },
];

async function insertAll(tx: Queryable): Promise<void> {
  for (const tier of PLAN_TIERS) {
    await tx.query(
      `INSERT INTO plan_tiers (tier, level, watermark_free, ultra_hd, frame_interpolation, faster_generations,
         videos_at_once, unlimited_effects, monthly_credits, feature_codes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (tier) DO NOTHING`,
      [
        tier.tier,
        tier.level,
        tier.watermark_free,
        tier.ultra_hd,
        tier.frame_interpolation,
        tier.faster_generations,
        tier.videos_at_once,
        tier.unlimited_effects,
        tier.monthly_credits,
        tier.feature_codes,
      ],
    );
  }
  for (const sku of SKUS) {
    await tx.query(
      `INSERT INTO skus (sku_id, kind, tier, sub_tpl_id, sub_tpl_name, plan, period_unit, period_val, is_subscription,
         credits, price, original_price, recommend_price, show_rec_price, zero_buy, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (sku_id) DO NOTHING`,
      [
        sku.sku_id,
        sku.kind,
        sku.tier,
        sku.sub_tpl_id,
        sku.sub_tpl_name,
        sku.plan,
        sku.period_unit,
        sku.period_val,
        sku.is_subscription,
        sku.credits,
        sku.price,
        sku.original_price,
        sku.recommend_price,
        sku.show_rec_price,
        sku.zero_buy,
        sku.sort,
      ],
    );
  }
  await tx.query(
    `INSERT INTO app_settings (key, value) VALUES ('zero_buy_checked', 'false'::jsonb) ON CONFLICT (key) DO NOTHING`,
  );
  for (const [i, entry] of SYSTEM_CONFIG.entries()) {
    await tx.query('INSERT INTO system_config (code, value, sort) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING', [
      entry.code,
      entry.value,
      i,
    ]);
  }
  for (const [i, item] of MARKETING.entries()) {
    await tx.query(
      `INSERT INTO marketing_items (client, title, is_banner, is_pop, turn_url, discount, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [item.client, item.title, item.is_banner, item.is_pop, item.turn_url, item.discount, i],
    );
  }
  for (const [i, ad] of ADS.entries()) {
    await tx.query('INSERT INTO ad_items (client, module, activity, turn_url, sort) VALUES ($1, $2, $3, $4, $5)', [
      ad.client,
      ad.module,
      ad.activity,
      ad.turn_url,
      i,
    ]);
  }
  for (const test of AB_TESTS) {
    await tx.query('INSERT INTO ab_tests (code, countries) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING', [
      test.code,
      test.countries,
    ]);
  }
  for (const page of CMS_PAGES) {
    await tx.query(
      `INSERT INTO cms_pages (path, title, description, keywords, head, content, bottom)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (path) DO NOTHING`,
      [
        page.path,
        page.title,
        page.description,
        page.keywords,
        `<meta name="robots" content="index,follow">`,
        `<!-- cms:start -->${page.content}<!-- cms:end -->`,
        `<!-- cms:start -->${BOTTOM}<!-- cms:end -->`,
      ],
    );
  }
  for (const [i, sample] of PROMPT_SAMPLES.entries()) {
    await tx.query('INSERT INTO prompt_samples (key, prompt, sort) VALUES ($1, $2, $3)', [sample.key, sample.prompt, i]);
  }
}

/** Inserts the catalogue once per database (recorded as a migration step of the `api` service). */
export async function applyCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catalogue:api']);
    const done = await tx.query('SELECT 1 FROM schema_migrations WHERE service = $1 AND version = $2', ['api', CATALOGUE_VERSION]);
    if (done.rowCount > 0) return false;
    await insertAll(tx);
    await tx.query('INSERT INTO schema_migrations (service, version) VALUES ($1, $2)', ['api', CATALOGUE_VERSION]);
    return true;
  });
}
