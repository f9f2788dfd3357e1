import type { AlgorithmId } from './algorithms';
import { AI_TOOLS, EDITOR_TOOLS, toolBySlug } from './tools';
import { isToolId, TOOL_PAGES, toolEditorPages, type AiToolSlug, type ToolId } from './tool-pages';
import { fillPath, NAMED_ROUTES, routePath } from './routes';
import { AUDIO_LIMIT, IMAGE_EXTENDER_LIMIT, IMAGE_LIMIT, VIDEO_LIMITS } from './upload-limits';

describe('the AI tools catalogue', () => {
  it('holds the fifteen tools of spec section 1 once each, the eight editors on their named routes', () => {
    expect(AI_TOOLS).toHaveLength(15);
    expect(new Set(AI_TOOLS.map((t) => t.id)).size).toBe(15);
    expect(new Set(AI_TOOLS.map((t) => t.title)).size).toBe(15);
    expect(EDITOR_TOOLS.map((t) => routePath(t.route))).toEqual(EDITOR_TOOLS.map((t) => `/ai-tools/${t.slug}`));
    expect(toolBySlug('bg-remover').editor.back).toBe(true);
  });

  it('builds on the light page list: same tools, same order, every editor page has its editor', () => {
    expect(AI_TOOLS.map((t) => t.id)).toEqual(TOOL_PAGES.map((t) => t.id));
    expect(AI_TOOLS.every((t) => t.uploads.length > 0)).toBe(true);
    expect(toolEditorPages().map((t) => t.slug)).toEqual(EDITOR_TOOLS.map((t) => t.slug));
  });

  it('keys tools by typed ids: every editor tool has its editor kind and texts, a misspelt id fails to compile', () => {
    for (const tool of AI_TOOLS) expect([tool.id, tool.slug !== undefined, tool.editorKind !== null, tool.editor !== undefined]).toEqual([tool.id, tool.slug !== undefined, tool.slug !== undefined, tool.slug !== undefined]);
    expect(AI_TOOLS.filter((t) => t.hot).map((t) => t.route)).toEqual([
      'AiToolsVideoEnhancer', 'AiToolsImageEnhancer', 'AiToolsBgRemover', 'AiToolsObjectRemover', 'AiToolsPartialRedrawing', 'AiToolsAiTalkingAvatar', 'AiToolsVideoEraser', 'LipSync',
    ]);
    expect([isToolId('bg-remover'), isToolId('toString'), isToolId('no-such-tool')]).toEqual([true, false, false]);
    // what `tsc` (npm test) holds: a tool, a slug or an algorithm the catalogue does not have is a compile error
    // @ts-expect-error no such tool
    const tool: ToolId = 'bg-remover-pro';
    // @ts-expect-error the effect templates have no editor of their own
    const slug: AiToolSlug = 'effect-templates';
    // @ts-expect-error no such algorithm
    const algorithm: AlgorithmId = 'bg_remove';
    expect([tool, slug, algorithm]).toHaveLength(3);
  });

  it('states the upload rules of spec section 5', () => {
    expect(IMAGE_LIMIT.hint).toBe('JPG, PNG, JPEG or WEBP, under 50MB, resolution under 3840*2160 (larger photos are scaled down to fit).');
    expect(IMAGE_EXTENDER_LIMIT.sizeText).toBe('Please keep the file size below 25MB');
    expect(IMAGE_LIMIT.sizeText).toBe('Upload JPG, PNG, JPEG, WEBP images up to 50 MB, with a minimum width/height of 128 px');
    expect(VIDEO_LIMITS.video_eraser.hint).toBe('MP4 or MOV, up to 2048MB, aspect ratio from 9:16 to 16:9.');
    expect(VIDEO_LIMITS.video_enhancer.hint).toBe('MP4, MOV or MKV, up to 5 minutes.');
    expect(AUDIO_LIMIT.hint).toBe('Audio within 60 minutes.');
    expect(toolBySlug('image-enhancer').uploads[0].accept).toBe('.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp');
  });
});

describe('routePath', () => {
  it('fills and drops parameters like the router, keeps a query', () => {
    expect(routePath('TextToVideo')).toBe('/text-to-video');
    expect(routePath('TextToMusic', { tabname: undefined, semantic: 'lofi' })).toBe('/text-to-music/lofi');
    expect(routePath('TextToMusic', {}, { tab: 'song' })).toBe('/text-to-music?tab=song');
    expect(() => fillPath('/a/:id')).toThrow('Missing ":id"');
    expect(Object.values(NAMED_ROUTES).every((p) => p.startsWith('/'))).toBe(true);
  });
});
