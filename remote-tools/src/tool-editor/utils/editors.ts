/** Each editor's page, read from the contract's tools catalogue (shared-contracts/src/tools.ts). */
import { AUDIO_LIMIT, EDITOR_TOOLS, IMAGE_LIMIT, VIDEO_LIMITS, type AiToolSlug, type ToolUploadSlot } from 'shared-contracts';

/** Upload rules of spec section 5, as the tools state them to the user. */
export const IMAGE_TOOL_RULE = IMAGE_LIMIT.hint;
export const VIDEO_ENHANCER_RULE = VIDEO_LIMITS.video_enhancer.hint;
export const VIDEO_ERASER_RULE = VIDEO_LIMITS.video_eraser.hint;
export const AUDIO_RULE = AUDIO_LIMIT.hint;

export type UploadSlot = ToolUploadSlot;

export interface EditorSpec {
  title: string;
  description: string;
  uploads: readonly UploadSlot[];
  action: string;
  /** extra facts shown under the upload area */
  notes?: readonly string[];
  /** the background remover has a back button (spec route table) */
  back?: boolean;
}

export const EDITORS = Object.fromEntries(
  EDITOR_TOOLS.map((tool) => [
    tool.slug,
    { title: tool.title, description: tool.editor.intro, uploads: tool.uploads, action: tool.editor.action, notes: tool.editor.notes, back: tool.editor.back },
  ]),
) as Record<AiToolSlug, EditorSpec>;
