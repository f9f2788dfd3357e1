/** Which editor each tool of the contract's catalogue opens in (the catalogue holds its texts and limits). */
import type { AiTool, ToolEditorText } from 'shared-contracts/tools';

export type EditorText = ToolEditorText;

export type EditorKind = 'image' | 'mask-image' | 'mask-video' | 'video' | 'speech' | 'audio';

export const EDITOR_KIND: Readonly<Record<string, EditorKind>> = {
  'image-enhancer': 'image',
  'bg-remover': 'image',
  'image-extender': 'image',
  'object-remover': 'mask-image',
  'partial-redrawing': 'mask-image',
  'text-watermark-remover': 'mask-image',
  'video-eraser': 'mask-video',
  'video-object-remover': 'mask-video',
  'video-enhancer': 'video',
  'video-denoise': 'video',
  'ai-talking-avatar': 'speech',
  'talking-photo': 'speech',
  'lip-sync': 'speech',
  'audio-tools': 'audio',
};

export function editorTextOf(tool: AiTool): EditorText {
  return tool.editor ?? { intro: tool.description, action: 'Start' };
}
