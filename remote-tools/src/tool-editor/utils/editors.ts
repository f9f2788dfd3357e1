import type { AiToolSlug } from 'shared-contracts';

/** Upload rules of spec section 5, as the tools state them to the user. */
export const IMAGE_TOOL_RULE = 'JPG, PNG, JPEG or WEBP, under 50MB, resolution under 3840*2160.';
export const VIDEO_ENHANCER_RULE = 'MP4, MOV or MKV, up to 5 minutes.';
export const VIDEO_ERASER_RULE = 'MP4 or MOV, up to 2048MB, aspect ratio from 9:16 to 16:9.';
export const AUDIO_RULE = 'Audio within 60 minutes.';

export interface UploadSlot {
  label: string;
  rule: string;
  accept: string;
}

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

const image = (label = 'Image'): UploadSlot => ({ label, rule: IMAGE_TOOL_RULE, accept: '.jpg,.jpeg,.png,.webp' });

export const EDITORS: Record<AiToolSlug, EditorSpec> = {
  'video-enhancer': {
    title: 'Video Enhancer',
    description: 'Upscale and sharpen a video.',
    uploads: [{ label: 'Video', rule: VIDEO_ENHANCER_RULE, accept: '.mp4,.mov,.mkv' }],
    action: 'Enhance',
  },
  'image-enhancer': {
    title: 'Image Enhancer',
    description: 'Upscale and sharpen a photo.',
    uploads: [image()],
    action: 'Enhance',
  },
  'bg-remover': {
    title: 'Background Remover',
    description: 'Cut the subject out of a photo and get it on a transparent background.',
    uploads: [image()],
    action: 'Remove background',
    back: true,
  },
  'object-remover': {
    title: 'Object Remover',
    description: 'Brush over what should go, and the AI fills the space.',
    uploads: [image()],
    action: 'Remove',
  },
  'partial-redrawing': {
    title: 'AI Replace',
    description: 'Select an area and describe what to draw there instead.',
    uploads: [image()],
    action: 'Replace',
  },
  'ai-talking-avatar': {
    title: 'Talking Avatar',
    description: 'Make a portrait speak: a face photo plus your text or audio.',
    uploads: [image('Face photo'), { label: 'Audio', rule: AUDIO_RULE, accept: 'audio/*' }],
    action: 'Generate',
    notes: ['Use a photo with a clearly visible face.'],
  },
  'lip-sync': {
    title: 'Lip Sync',
    description: 'Match the lip movement in a video to new audio.',
    uploads: [
      { label: 'Video', rule: 'A video with a clearly visible face.', accept: 'video/*' },
      { label: 'Audio', rule: AUDIO_RULE, accept: 'audio/*' },
    ],
    action: 'Sync',
  },
  'video-eraser': {
    title: 'Video Eraser',
    description: 'Erase objects from a video with a brush, an eraser, a magic wand, a polygon or a smart brush.',
    uploads: [{ label: 'Video', rule: VIDEO_ERASER_RULE, accept: '.mp4,.mov' }],
    action: 'Erase',
    notes: ['Processing takes 1 to 3 minutes.'],
  },
};
