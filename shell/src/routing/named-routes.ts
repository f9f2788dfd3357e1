/** The named routes of spec section 2 as a typed map, and a typed path builder. */
import { generatePath } from 'react-router';

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
  AiToolsVideoEnhancer: '/ai-tools/video-enhancer',
  AiToolsImageEnhancer: '/ai-tools/image-enhancer',
  AiToolsBgRemover: '/ai-tools/bg-remover',
  AiToolsObjectRemover: '/ai-tools/object-remover',
  AiToolsPartialRedrawing: '/ai-tools/partial-redrawing',
  AiToolsVideoEraser: '/ai-tools/video-eraser',
  AiToolsAiTalkingAvatar: '/ai-tools/ai-talking-avatar',
  Template: '/template',
  Pricing: '/pricing',
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

/** The path of a named route; optional parameters may be left out, e.g. routePath('TextToVideo') is /text-to-video. */
export function routePath<N extends RouteName>(name: N, params?: RouteParams<N>, query?: Record<string, string>): string {
  const path = generatePath(NAMED_ROUTES[name] as string, (params ?? {}) as Record<string, string>);
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
