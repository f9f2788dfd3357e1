/**
 * The named routes of spec section 2 (plus the AI tools category lists) and a typed path builder. The shell's
 * route table and every remote's links read this one map, so a renamed route fails to compile where it is used.
 */
export const NAMED_ROUTES = {
  Home: '/home',
  Explore: '/explore',
  Effect: '/effect',
  EffectCreate: '/effect/create/:semantic?',
  TextToVideo: '/text-to-video/:semantic?',
  ImageToVideo: '/image-to-video/:semantic?',
  VideoToAnime: '/video-to-anime/:semantic?',
  TextToImage: '/text-to-image/:semantic?',
  ImageToImage: '/image-to-image/:semantic?',
  TextToMusic: '/text-to-music/:semantic?/:tabname?',
  LipSync: '/ai-tools/lip-sync',
  Libraries: '/libraries',
  AiTools: '/ai-tools',
  AiToolsHot: '/ai-tools/hot',
  AiToolsVideo: '/ai-tools/video',
  AiToolsImage: '/ai-tools/image',
  AiToolsAudio: '/ai-tools/audio',
  AiToolsVideoEnhancer: '/ai-tools/video-enhancer',
  AiToolsImageEnhancer: '/ai-tools/image-enhancer',
  AiToolsBgRemover: '/ai-tools/bg-remover',
  AiToolsObjectRemover: '/ai-tools/object-remover',
  AiToolsPartialRedrawing: '/ai-tools/partial-redrawing',
  AiToolsVideoEraser: '/ai-tools/video-eraser',
  AiToolsAiTalkingAvatar: '/ai-tools/ai-talking-avatar',
  /** the tools spec section 1 lists beyond the route table (paths the spec leaves open) */
  AiToolsVideoObjectRemover: '/ai-tools/video-object-remover',
  AiToolsTalkingPhoto: '/ai-tools/talking-photo',
  AiToolsVideoDenoise: '/ai-tools/video-denoise',
  AiToolsTextWatermarkRemover: '/ai-tools/text-watermark-remover',
  AiToolsImageExtender: '/ai-tools/image-extender',
  AiToolsAudioTools: '/ai-tools/audio-tools',
  Template: '/template',
  Pricing: '/pricing',
  /** the legal pages (issue 23): our own plain texts, loaded on demand */
  Terms: '/terms',
  Privacy: '/privacy',
  RefundPolicy: '/refund-policy',
} as const;

export type RouteName = keyof typeof NAMED_ROUTES;

type Param<S extends string> = S extends `${string}:${infer P}/${infer Rest}`
  ? Param<`:${P}`> | Param<`/${Rest}`>
  : S extends `${string}:${infer P}?`
    ? { optional: P }
    : S extends `${string}:${infer P}`
      ? { required: P }
      : never;
type OptionalKeys<S extends string> = Extract<Param<S>, { optional: string }>['optional'];
type RequiredKeys<S extends string> = Extract<Param<S>, { required: string }>['required'];
export type RouteParams<N extends RouteName> = { [K in RequiredKeys<(typeof NAMED_ROUTES)[N]>]: string } & {
  [K in OptionalKeys<(typeof NAMED_ROUTES)[N]>]?: string;
};

/**
 * Fills a route pattern the way react-router's generatePath does (an optional segment without a value is
 * dropped), so the contract needs no router.
 */
export function fillPath(pattern: string, params: Readonly<Record<string, string | undefined>> = {}): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) return [];
      throw new Error(`Missing ":${key}" param for ${pattern}`);
    }
    return [value];
  });
  const path = segments.join('/');
  return path.startsWith('/') ? path : `/${path}`;
}

/** The path of a named route; optional parameters may be left out, e.g. routePath('TextToVideo') is /text-to-video. */
export function routePath<N extends RouteName>(name: N, params?: RouteParams<N>, query?: Record<string, string>): string {
  const path = fillPath(NAMED_ROUTES[name], (params ?? {}) as Record<string, string | undefined>);
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
