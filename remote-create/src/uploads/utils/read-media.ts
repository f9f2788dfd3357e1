/** Reads what the browser can tell about a picked file before it is uploaded. */
import { USER_TEXTS } from 'shared-contracts';

export interface ImageSize {
  width: number;
  height: number;
}

/** Decodes the picture; a file that does not decode is 'Unsupported format'. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(USER_TEXTS.UNSUPPORTED_FORMAT));
    };
    image.src = url;
  });
}

export interface VideoMeta {
  width: number;
  height: number;
  duration: number;
}

/** Reads the video's size and length from its metadata; a file the browser cannot read is refused. */
export function readVideoMeta(file: Blob): Promise<VideoMeta> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      URL.revokeObjectURL(url);
      resolve({ width: video.videoWidth, height: video.videoHeight, duration: video.duration });
    };
    video.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(USER_TEXTS.FORMAT_UNSUPPORTED));
    };
    video.src = url;
  });
}
