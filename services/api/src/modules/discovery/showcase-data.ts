/**
 * The studio's showcase as data: template categories and templates (rows in PostgreSQL, written at start),
 * and what the showcase job renders with the product's own engines (explore items, template and effect
 * previews, examples, prompt samples). Nothing here is a binary: every picture, clip and track is made by
 * the engines on first start. `small` marks the subset rendered in test environments.
 */
import type { TaskField } from 'shared-contracts';
import type { TemplateInput } from 'shared-contracts';

/** v2 (issue 21): the tool previews render in this job; explore items carry their engine and a caption title */
export const SHOWCASE_VERSION = 'v2';

export interface SeedCategory {
  id: number;
  fun_module: 'template' | 'effect';
  media: 'video' | 'image' | 'audio';
  title: string;
}

export interface SeedTemplate {
  id: number;
  slug: string;
  category: number;
  name: string;
  description: string;
  tip: string;
  algorithm: string;
  module: string;
  fields: TaskField[];
  inputs: TemplateInput[];
  hot: boolean;
  rule_show: string;
  /** the picture the preview is made from (text2image prompt), for templates that take a photo */
  sample?: string;
  small?: boolean;
}

export interface SeedExplore {
  id: number;
  title: string;
  algorithm: 'text2image' | 'image2image' | 'text2video' | 'image2video' | 'mai_tcm';
  module: string;
  params: Record<string, string | number>;
  /** source picture prompt for image2image / image2video */
  source?: string;
  recommend: boolean;
  small?: boolean;
}

export const CATEGORIES: SeedCategory[] = [
  { id: 101, fun_module: 'template', media: 'video', title: 'Camera moves' },
  { id: 102, fun_module: 'template', media: 'video', title: 'Cinematic' },
  { id: 201, fun_module: 'template', media: 'image', title: 'Art styles' },
  { id: 202, fun_module: 'template', media: 'image', title: 'Text to picture' },
  { id: 301, fun_module: 'effect', media: 'video', title: 'Popular' },
  { id: 302, fun_module: 'effect', media: 'video', title: 'Motion' },
  // the music form's template list picker (tag audio); the template browser lists video and image only
  { id: 401, fun_module: 'template', media: 'audio', title: 'Moods' },
  { id: 402, fun_module: 'template', media: 'audio', title: 'Genres' },
];

const PHOTO: TemplateInput = { field: 'file_path', kind: 'image', label: 'Your photo', required: true };
const SUBJECT: TemplateInput = { field: 'prompt', kind: 'text', label: 'Your subject', required: true };

const SCENES = [
  { slug: 'harbour', sample: 'a quiet harbour with fishing boats at golden hour, warm light' },
  { slug: 'forest', sample: 'a misty pine forest at dawn with soft rays of light' },
  { slug: 'city', sample: 'a neon city street at night after rain, reflections' },
  { slug: 'desert', sample: 'sand dunes under a clear blue sky at noon' },
];
const MOTIONS = [
  { id: 'zoom_in', name: 'Slow push in' },
  { id: 'zoom_out', name: 'Reveal pull out' },
  { id: 'pan_left', name: 'Drift left' },
  { id: 'pan_right', name: 'Drift right' },
  { id: 'pan_up', name: 'Tilt up' },
  { id: 'pan_down', name: 'Tilt down' },
  { id: 'auto', name: 'Auto camera' },
];

function videoTemplates(): SeedTemplate[] {
  const out: SeedTemplate[] = [];
  let id = 1001;
  for (const [m, motion] of MOTIONS.entries()) {
    for (const [s, scene] of SCENES.entries()) {
      out.push({
        id: id++,
        slug: `${motion.id.replace(/_/g, '-')}-${scene.slug}`,
        category: m < 4 ? 101 : 102,
        name: `${motion.name} · ${scene.slug[0].toUpperCase()}${scene.slug.slice(1)}`,
        description: `Turns your photo into a 5 s clip with a ${motion.name.toLowerCase()} camera move.`,
        tip: `Upload a photo: the clip moves the camera over it (${motion.name.toLowerCase()}) for 5 seconds.`,
        algorithm: 'image2video',
        module: 'image-to-video',
        fields: [
          { field: 'motion', val: motion.id },
          { field: 'duration', val: 5 },
          { field: 'resolution', val: '540p' },
        ],
        inputs: [PHOTO],
        hot: s === 0 && m < 3,
        rule_show: '5 s',
        sample: scene.sample,
        small: s === 0 && m < 4,
      });
    }
  }
  return out;
}

const ART_STYLES = [
  { slug: 'watercolor', name: 'Watercolor', words: 'watercolor painting, soft washes' },
  { slug: 'oil', name: 'Oil painting', words: 'oil painting, thick brush strokes' },
  { slug: 'anime', name: 'Anime', words: 'anime illustration, clean lines' },
  { slug: 'pixel', name: 'Pixel art', words: 'pixel art, retro game' },
  { slug: 'sketch', name: 'Pencil sketch', words: 'pencil sketch, cross hatching' },
  { slug: 'pop', name: 'Pop art', words: 'pop art, bold colours, halftone' },
];
const SUBJECTS = [
  { slug: 'portrait', sample: 'a portrait of a smiling woman with curly hair, studio light' },
  { slug: 'cat', sample: 'a ginger cat sitting on a windowsill, afternoon sun' },
  { slug: 'mountain', sample: 'a snowy mountain lake with a wooden cabin' },
];

function imageTemplates(): SeedTemplate[] {
  const out: SeedTemplate[] = [];
  let id = 2001;
  for (const [a, style] of ART_STYLES.entries()) {
    for (const [s, subject] of SUBJECTS.entries()) {
      out.push({
        id: id++,
        slug: `${style.slug}-${subject.slug}`,
        category: 201,
        name: `${style.name} · ${subject.slug[0].toUpperCase()}${subject.slug.slice(1)}`,
        description: `Repaints your photo as ${style.name.toLowerCase()}.`,
        tip: `Upload a photo: it is repainted as ${style.name.toLowerCase()}.`,
        algorithm: 'image2image',
        module: 'image-to-image',
        fields: [
          { field: 'prompt', val: style.words },
          { field: 'strength', val: 0.6 },
          { field: 'num', val: 1 },
        ],
        inputs: [PHOTO],
        hot: s === 0 && a < 2,
        rule_show: '1 image',
        sample: subject.sample,
        small: true,
      });
    }
    out.push({
      id: id++,
      slug: `${style.slug}-from-text`,
      category: 202,
      name: `${style.name} from words`,
      description: `Describe a subject; it is drawn as ${style.name.toLowerCase()}.`,
      tip: `Write a subject: the picture is drawn as ${style.name.toLowerCase()}.`,
      algorithm: 'text2image',
      module: 'text-to-image',
      fields: [
        { field: 'prompt', val: style.words },
        { field: 'ratio', val: '1:1' },
        { field: 'num', val: 1 },
      ],
      inputs: [SUBJECT],
      hot: a === 0,
      rule_show: '1 image',
      small: true,
    });
  }
  return out;
}

const EFFECT_LIST = [
  { id: 'zoom_pulse', name: 'Zoom pulse', tip: 'The picture pulses towards you in a steady rhythm.', category: 301 },
  { id: 'heartbeat', name: 'Heartbeat', tip: 'A double beat, like a heart, that makes a portrait come alive.', category: 301 },
  { id: 'glitch', name: 'Glitch', tip: 'Colour channels split and jitter like a broken signal.', category: 301 },
  { id: 'fade_bw', name: 'Fade to black and white', tip: 'Colour drains out of the picture for a nostalgic ending.', category: 301 },
  { id: 'shake', name: 'Shake', tip: 'A handheld shake that adds energy to an action shot.', category: 302 },
  { id: 'spin', name: 'Spin', tip: 'The picture turns around its centre.', category: 302 },
  { id: 'dolly', name: 'Dolly zoom', tip: 'The vertigo effect: the background stretches while the subject stays.', category: 302 },
];

const EFFECT_SAMPLES = [
  'a sailing boat on a calm sea at sunset',
  'a misty pine forest at dawn with soft rays of light',
  'a neon city street at night after rain, reflections',
  'sand dunes under a clear blue sky at noon',
  'a snowy mountain lake with a wooden cabin',
  'a field of lavender flowers under a pink sunset',
  'northern lights over a frozen lake, green and purple sky',
];

function effectTemplates(): SeedTemplate[] {
  return EFFECT_LIST.map((effect, index) => ({
    id: 3001 + index,
    slug: effect.id.replace(/_/g, '-'),
    category: effect.category,
    name: effect.name,
    description: effect.tip,
    tip: `${effect.tip} Upload a photo; the effect makes a 5 s clip of it.`,
    algorithm: 'effect',
    // the effect creation screen's Generate List shows the runs
    module: 'effect-create',
    fields: [
      { field: 'effect', val: effect.id },
      { field: 'duration', val: 5 },
      { field: 'resolution', val: '540p' },
    ],
    inputs: [PHOTO],
    hot: index < 2,
    rule_show: '5 s',
    sample: EFFECT_SAMPLES[index % EFFECT_SAMPLES.length],
    small: index < 3,
  }));
}

const MUSIC_LIST = [
  { slug: 'rainy-lofi', name: 'Rainy lofi', category: 401, style: 'lofi', prompt: 'calm lofi piano with soft rain ambience and warm vinyl crackle', about: 'a calm lofi beat for studying' },
  { slug: 'sunrise-strings', name: 'Sunrise strings', category: 401, style: 'cinematic', prompt: 'cinematic strings building slowly at sunrise, hopeful and warm', about: 'a slow cinematic build' },
  { slug: 'night-drive', name: 'Night drive', category: 401, style: 'electronic', prompt: 'synthwave night drive with pulsing bass and bright arpeggios', about: 'a driving synthwave groove' },
  { slug: 'jazz-lounge', name: 'Jazz lounge', category: 402, style: 'jazz', prompt: 'smooth jazz piano trio with brushed drums in a late night lounge', about: 'a smooth late-night jazz trio' },
  { slug: 'summer-pop', name: 'Summer pop', category: 402, style: 'pop', prompt: 'upbeat summer pop with bright synths, claps and a catchy hook', about: 'an upbeat pop track' },
  { slug: 'acoustic-morning', name: 'Acoustic morning', category: 402, style: 'folk', prompt: 'gentle acoustic guitar and soft percussion on a sunny morning', about: 'a gentle acoustic tune' },
];

/** music templates: a prompt and duration for the music form; the showcase renders each one's audio preview */
function musicTemplates(): SeedTemplate[] {
  return MUSIC_LIST.map((music, index) => ({
    id: 4001 + index,
    slug: `music-${music.slug}`,
    category: music.category,
    name: music.name,
    description: `${music.about[0].toUpperCase()}${music.about.slice(1)}: the prompt and a 30 s length go into the music form.`,
    tip: `Makes ${music.about}; add your own words to the prompt if you like.`,
    algorithm: 'mai_tcm',
    module: 'text-to-music',
    fields: [
      { field: 'prompt', val: music.prompt },
      { field: 'style', val: music.style },
      { field: 'duration', val: 30 },
    ],
    inputs: [{ field: 'prompt', kind: 'text', label: 'Your theme', required: false }],
    hot: index === 0,
    rule_show: '30 s',
    small: index < 2,
  }));
}

export const TEMPLATES: SeedTemplate[] = [...videoTemplates(), ...imageTemplates(), ...effectTemplates(), ...musicTemplates()];

const IMAGE_PROMPTS: [string, string, string][] = [
  ['Lighthouse at sunset', 'a lighthouse on a cliff at sunset, warm light, crashing waves', '3:4'],
  ['Mountain lake', 'a calm mountain lake at dawn with pine trees and mist', '16:9'],
  ['Night market', 'a lively night market with lanterns and food stalls', '1:1'],
  ['Desert road', 'an empty desert road under a starry night sky', '9:16'],
  ['Autumn forest', 'an autumn forest path covered in red and orange leaves', '3:4'],
  ['Ocean cliffs', 'dramatic ocean cliffs with turquoise water and white foam', '4:3'],
  ['Snowy village', 'a snowy village at dusk with warm lit windows', '1:1'],
  ['Tropical beach', 'a tropical beach with palm trees at noon, clear blue sky', '16:9'],
  ['Rainy city', 'a rainy city street at night with neon reflections', '9:16'],
  ['Flower field', 'a field of lavender flowers under a pink sunset', '3:4'],
  ['Ice cave', 'a blue ice cave with light shining through the ceiling', '1:1'],
  ['Rolling hills', 'green rolling hills with a single tree and fluffy clouds', '16:9'],
  ['Volcano', 'a volcano erupting at night with glowing red lava', '3:4'],
  ['Northern lights', 'northern lights over a frozen lake, green and purple sky', '16:9'],
  ['Canyon river', 'a river winding through a red rock canyon at golden hour', '9:16'],
  ['Cherry blossoms', 'cherry blossom trees along a quiet canal in spring', '4:3'],
  ['Foggy bridge', 'a suspension bridge disappearing into thick morning fog', '3:2'],
  ['Starry mountains', 'a milky way sky above jagged mountain peaks', '2:3'],
  ['Sunflower farm', 'a sunflower farm under a bright summer sun', '1:1'],
  ['Harbour morning', 'a small fishing harbour in the early morning, calm water', '16:9'],
  ['Waterfall', 'a tall waterfall in a lush green jungle', '9:16'],
  ['Winter cabin', 'a wooden cabin in a snowy forest with smoke from the chimney', '3:4'],
  ['Coral reef', 'an underwater coral reef with colourful fish, sunlight from above', '4:3'],
  ['Golden wheat', 'a golden wheat field at sunset with birds in the sky', '16:9'],
];

function exploreImages(): SeedExplore[] {
  return IMAGE_PROMPTS.map(([title, prompt, ratio], index) => ({
    id: 1401 + index,
    title,
    algorithm: 'text2image' as const,
    module: 'text-to-image',
    params: { prompt, ratio, num: 1 },
    recommend: index % 3 === 0,
    small: true,
  }));
}

const VIDEO_PROMPTS: [string, string, string, string][] = [
  ['Waves at dawn', 'waves rolling onto a sandy beach at dawn, soft pink light', '16:9', 'zoom_out'],
  ['City lights', 'a neon city skyline at night with moving lights', '9:16', 'pan_right'],
  ['Forest walk', 'a misty forest path in the morning, sun rays through the trees', '16:9', 'zoom_in'],
  ['Storm clouds', 'dark storm clouds rolling over a wheat field', '16:9', 'pan_left'],
  ['Snowfall', 'snow falling on a quiet mountain village at night', '9:16', 'pan_down'],
  ['Desert sunset', 'the sun setting over red desert dunes', '1:1', 'zoom_out'],
  ['River valley', 'a river flowing through a green valley under blue sky', '16:9', 'pan_up'],
  ['Aurora', 'the northern lights dancing over a frozen lake', '16:9', 'auto'],
];

function exploreVideos(): SeedExplore[] {
  return VIDEO_PROMPTS.map(([title, prompt, ratio, motion], index) => ({
    id: 1430 + index,
    title,
    algorithm: 'text2video' as const,
    module: 'text-to-video',
    params: { prompt, ratio, motion, duration: 3, resolution: '360p' },
    recommend: index % 2 === 0,
    small: index < 2,
  }));
}

const MUSIC_PROMPTS: [string, string][] = [
  ['Rainy piano', 'calm lofi piano with soft rain ambience'],
  ['Sunrise strings', 'cinematic strings building slowly at sunrise'],
  ['Late night jazz', 'smooth jazz piano with brushed drums late at night'],
  ['Summer pop', 'upbeat pop with bright synths and claps'],
];

function exploreMusic(): SeedExplore[] {
  return MUSIC_PROMPTS.map(([title, prompt], index) => ({
    id: 1440 + index,
    title,
    algorithm: 'mai_tcm' as const,
    module: 'text-to-music',
    params: { prompt, duration: 8 },
    recommend: index === 0,
    small: index === 0,
  }));
}

function exploreRemixes(): SeedExplore[] {
  return [
    // check-in's go-create opens Image to Image with this item (exploreId 1400)
    {
      id: 1400,
      title: 'Watercolor harbour',
      algorithm: 'image2image',
      module: 'image-to-image',
      params: { prompt: 'watercolor painting, soft washes', strength: 0.6, ratio: '1:1', num: 1 },
      source: 'a quiet harbour with fishing boats at golden hour, warm light',
      recommend: true,
      small: true,
    },
    {
      id: 1450,
      title: 'Cabin comes alive',
      algorithm: 'image2video',
      module: 'image-to-video',
      params: { prompt: 'gentle camera push towards the cabin', motion: 'zoom_in', duration: 3, resolution: '360p' },
      source: 'a wooden cabin in a snowy forest with smoke from the chimney',
      recommend: true,
    },
  ];
}

export const EXPLORE: SeedExplore[] = [...exploreRemixes(), ...exploreImages(), ...exploreVideos(), ...exploreMusic()];

/** Demo keys (creation screens' algorithms) fed from the renders above. */
export const DEMO_SOURCES: Record<string, { from: 'explore' | 'template'; algorithm: string }> = {
  text2image: { from: 'explore', algorithm: 'text2image' },
  text2video: { from: 'explore', algorithm: 'text2video' },
  mai_tcm: { from: 'explore', algorithm: 'mai_tcm' },
  image2image: { from: 'template', algorithm: 'image2image' },
  image2video: { from: 'template', algorithm: 'image2video' },
  effect: { from: 'template', algorithm: 'effect' },
};

/** Prompt sample keys (the creation screens' sampleKey) and the explore renders whose prompts they show. */
export const SAMPLE_SOURCES: Record<string, string> = {
  text2image: 'text2image',
  text2video: 'text2video',
  image2video: 'text2video',
};
