import { type AiToolSlug } from 'shared-contracts';
import { AI_TOOLS } from 'shared-contracts/tools';
import { useFirstScreenTakeover } from '@studio/ui-kit/first-screen';
import { AudioEditor } from '../../editors/audio-editor';
import { ImageToolEditor } from '../../editors/image-tool-editor';
import { MaskImageEditor } from '../../editors/mask-image-editor';
import { MaskVideoEditor } from '../../editors/mask-video-editor';
import { SpeechEditor } from '../../editors/speech-editor';
import { editorTextOf } from '../../editors/tool-defs';
import { VideoToolEditor } from '../../editors/video-tool-editor';

/**
 * A tool's editor: the catalogue entry (texts, algorithm, upload limits) in the editor its kind needs. A visitor's
 * first HTML has this editor's copy (first-screen/server.tsx): it is removed in the commit that first draws the
 * editor (this layout effect runs after the editor's own), so the editor replaces it in the same frame.
 */
export function ToolEditor({ tool }: { tool: AiToolSlug }) {
  useFirstScreenTakeover();
  const entry = AI_TOOLS.find((t) => t.slug === tool);
  const kind = entry?.editorKind;
  if (!entry || !kind) return <p role="alert">No such tool.</p>;
  const props = { tool: entry, text: editorTextOf(entry) };
  switch (kind) {
    case 'image':
      return <ImageToolEditor {...props} />;
    case 'mask-image':
      return <MaskImageEditor {...props} />;
    case 'mask-video':
      return <MaskVideoEditor {...props} />;
    case 'video':
      return <VideoToolEditor {...props} />;
    case 'speech':
      return <SpeechEditor {...props} />;
    case 'audio':
      return <AudioEditor {...props} />;
  }
}
