/** SEO content of the public pages and the prompt samples of the creation screens. */
import { TOOL_PAGES, type ToolMedia } from 'shared-contracts';

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

const CATEGORY_NAME: Record<ToolMedia, string> = { video: 'Video', image: 'Image', audio: 'Audio' };

/** The text of a tool category's list (/ai-tools/video, ...): its tools, as the catalogue lists them. */
function categoryPage(media: ToolMedia): CmsRow {
  const name = CATEGORY_NAME[media];
  const tools = TOOL_PAGES.filter((tool) => tool.media.includes(media));
  return {
    path: `/ai-tools/${media}`,
    title: `AI ${name} Tools`,
    description: `${tools.map((tool) => tool.title).join(', ')}: AI tools for ${media}.`,
    keywords: tools.map((tool) => tool.title.toLowerCase()).join(', '),
    content: section(`AI ${media} tools`, ['Every tool works on your own uploads and shows its cost in credits before you start.'], tools.map((tool) => `${tool.title}: ${tool.description}`)),
  };
}

export const CMS_PAGES: CmsRow[] = [
  {
    path: '/home',
    title: 'AI Video Generator - Create Videos, Images and Music with AI',
    description:
      'Turn text and images into videos, create images and music with AI, and edit media with AI tools. Start with free credits.',
    keywords: 'ai video generator, text to video, image to video, text to image, ai music, ai tools',
    content: section(
      'Create video, images and music with AI',
      // the credits sentence is the bottom block's, on every page: not a second time here
      ['Describe a scene and get a video, animate a photo, restyle a clip as anime, or generate images and songs from a prompt.'],
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
  // each category list has its own text naming its own tools (from the catalogue): the list's parent text,
  // which these paths fell back to, named the image tools under the video and audio lists too
  ...(['video', 'image', 'audio'] as const).map(categoryPage),
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

export const BOTTOM = section('Credits and plans', [CREDIT_NOTE, 'Paid plans come with a 30-day money-back guarantee.']);

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

