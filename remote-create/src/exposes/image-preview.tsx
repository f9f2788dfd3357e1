import type { ImagePreviewProps } from 'shared-contracts';
import { ImagePreview } from '../preview/components/image-preview';

/** Renders its own full-screen dialog (portal to the body); onClose asks the caller to remove it. */
export default function ImagePreviewExpose(props: ImagePreviewProps) {
  return <ImagePreview {...props} />;
}
