import type { ImageCropModalProps } from 'shared-contracts';
import { ImageCropModal } from '../crop/components/image-crop-modal';

/** Renders its own dialog (portal to the body): render it while cropping, remove it on confirm or cancel. */
export default function ImageCropModalExpose(props: ImageCropModalProps) {
  return <ImageCropModal {...props} />;
}
