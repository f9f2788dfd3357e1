/**
 * The route table of spec section 2 as data: every page path -> the remote module and props it renders,
 * whether it has the header and sidebar, its metadata, and how its parameters are validated. The router
 * (route-table.tsx) is built from this list, and tests resolve paths against the same objects.
 */
import { SERVER_ERROR_TITLE } from '../error-page/server-error-title';
import {
  MONEY_BACK_DAYS,
  NAMED_ROUTES,
  PRODUCT_NAME,
  routePath,
  toolEditorPages,
  type AiToolCategory,
  type CreateMode,
  type RemoteModuleName,
  type RemoteModules,
  type ToolPage,
} from 'shared-contracts';
import type { RouteName } from './named-routes';

export interface PageMeta {
  title: string;
  description: string;
}

export interface RouteSpec<N extends RemoteModuleName = RemoteModuleName> {
  /** unique id; the router's route id */
  id: string;
  path: string;
  name?: RouteName;
  module: N;
  props: RemoteModules[N];
  /** what the error fallback calls this area */
  area: string;
  /** header and sidebar (false only for /template) */
  chrome: boolean;
  meta: PageMeta;
  /** parameters a page accepts; a failure is the fatal 'Page Not Found: {path}' */
  validate?: (params: Record<string, string | undefined>) => boolean;
}

/** An SEO slug: lowercase words joined by single hyphens, at most 100 characters. */
const SEMANTIC = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MUSIC_TABS = ['music', 'song'] as const;

function validSemantic(params: Record<string, string | undefined>): boolean {
  const semantic = params.semantic;
  return semantic === undefined || (semantic.length <= 100 && SEMANTIC.test(semantic));
}

function validMusic(params: Record<string, string | undefined>): boolean {
  const tab = params.tabname;
  return validSemantic(params) && (tab === undefined || (MUSIC_TABS as readonly string[]).includes(tab));
}

/** A page of the table: its path is its named route's (one home: the contract's NAMED_ROUTES). */
function spec<N extends RemoteModuleName>(value: Omit<RouteSpec<N>, 'path' | 'name'> & { name: RouteName }): RouteSpec {
  return { ...value, path: NAMED_ROUTES[value.name] } as unknown as RouteSpec;
}

const SUFFIX = ` | ${PRODUCT_NAME}`;

function create(id: string, name: RouteName, mode: CreateMode, area: string, description: string): RouteSpec {
  return spec({
    id,
    name,
    module: 'remote_create/CreateScreen',
    props: { mode },
    area,
    chrome: true,
    meta: { title: `${area}${SUFFIX}`, description },
    validate: mode === 'text-to-music' ? validMusic : validSemantic,
  });
}

function toolList(id: string, name: RouteName, category: AiToolCategory): RouteSpec {
  const label = category === 'hot' || category === 'all' ? 'AI Tools' : `AI ${category[0].toUpperCase()}${category.slice(1)} Tools`;
  return spec({
    id,
    name,
    module: 'remote_tools/AiToolsPage',
    props: { category },
    area: label,
    chrome: true,
    meta: { title: `${label}${SUFFIX}`, description: 'Enhance, clean up and transform videos, images and audio with AI tools.' },
  });
}

/** A tool's editor page, from the contract's tools catalogue. */
function tool(entry: ToolPage & { slug: NonNullable<ToolPage['slug']>; route: RouteName }): RouteSpec {
  return spec({
    id: `ai-tools-${entry.slug}`,
    name: entry.route,
    module: 'remote_tools/ToolEditor',
    props: { tool: entry.slug },
    area: entry.title,
    chrome: true,
    meta: { title: `${entry.title}${SUFFIX}`, description: entry.description },
  });
}

export const ROUTE_SPECS: readonly RouteSpec[] = [
  spec({
    id: 'home',
    name: 'Home',
    module: 'remote_explore/HomePage',
    props: {},
    area: 'Home',
    chrome: true,
    meta: { title: PRODUCT_NAME, description: 'Create videos, images and music with AI: text to video, image to video, AI tools and effects.' },
  }),
  create('text-to-video', 'TextToVideo', 'text-to-video', 'Text to Video', 'Turn a text prompt into a video with AI.'),
  create('image-to-video', 'ImageToVideo', 'image-to-video', 'Image to Video', 'Bring a still image to life as an AI video.'),
  create('video-to-anime', 'VideoToAnime', 'video-to-anime', 'Video to Anime', 'Restyle a video as anime with AI.'),
  create('text-to-image', 'TextToImage', 'text-to-image', 'Text to Image', 'Generate images from a text prompt.'),
  create('image-to-image', 'ImageToImage', 'image-to-image', 'Image to Image', 'Transform an image with a prompt and a style.'),
  create('text-to-music', 'TextToMusic', 'text-to-music', 'Text to Music', 'Compose music and songs from a prompt or lyrics.'),
  spec({
    id: 'effect',
    name: 'Effect',
    module: 'remote_explore/EffectPage',
    props: {},
    area: 'AI Effects',
    chrome: true,
    meta: { title: `AI Effects${SUFFIX}`, description: 'Apply AI video effect templates to your photos.' },
  }),
  create('effect-create', 'EffectCreate', 'effect-create', 'Effect Creation', 'Create a video from an AI effect template.'),
  spec({
    id: 'explore',
    name: 'Explore',
    module: 'remote_explore/ExplorePage',
    props: {},
    area: 'Explore',
    chrome: true,
    meta: { title: `Explore${SUFFIX}`, description: 'Browse videos, images and music made with AI by the community.' },
  }),
  spec({
    id: 'libraries',
    name: 'Libraries',
    module: 'remote_create/LibrariesPage',
    props: {},
    area: 'My Creations',
    chrome: true,
    meta: { title: `My Creations${SUFFIX}`, description: 'Your generated videos, images and music.' },
  }),
  spec({
    id: 'template',
    name: 'Template',
    module: 'remote_explore/TemplatePage',
    props: {},
    area: 'Templates',
    chrome: false,
    meta: { title: `Templates${SUFFIX}`, description: 'Browse video and image templates by category.' },
  }),
  toolList('ai-tools', 'AiTools', 'hot'),
  toolList('ai-tools-hot', 'AiToolsHot', 'hot'),
  toolList('ai-tools-video', 'AiToolsVideo', 'video'),
  toolList('ai-tools-image', 'AiToolsImage', 'image'),
  toolList('ai-tools-audio', 'AiToolsAudio', 'audio'),
  ...toolEditorPages().map(tool),
  spec({
    id: 'pricing',
    name: 'Pricing',
    module: 'remote_billing/PricingPage',
    props: {},
    area: 'Pricing',
    chrome: true,
    meta: { title: `Pricing${SUFFIX}`, description: 'Credit packs and memberships: Standard and Premium plans.' },
  }),
  ...(
    [
      ['terms', 'Terms', 'terms', 'Terms of Service', 'The agreement between you and us, in plain words.'],
      ['privacy', 'Privacy', 'privacy', 'Privacy Policy', 'What we keep about you, why, and what you can do about it.'],
      ['refund-policy', 'RefundPolicy', 'refund', 'Refund policy', `${MONEY_BACK_DAYS}-day money-back guarantee on every purchase.`],
    ] as const
  ).map(([id, name, kind, title, description]) =>
    spec({
      id,
      name,
      module: 'remote_explore/LegalPage',
      props: { kind },
      area: title,
      chrome: true,
      meta: { title: `${title}${SUFFIX}`, description },
    }),
  ),
];

/** Redirects of the route table; query and hash are kept. */
export const REDIRECTS: Readonly<Record<string, string>> = { '/': routePath('Home'), '/create': routePath('ImageToVideo') };

/** The debug page of spec section 2: it throws on purpose, so its page is the 500 error page (the gateway answers 500). */
export const DEBUG_TEST_ERROR = { path: '/debug/test-error', status: 500, title: `${SERVER_ERROR_TITLE}${SUFFIX}` } as const;

export const NOT_FOUND_META: PageMeta = { title: `Page Not Found${SUFFIX}`, description: "The page you're looking for may have been moved or deleted." };
