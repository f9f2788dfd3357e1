/** Reads a picked file's size and length in the browser, before it is uploaded. */
import type { InputMedia, MediaMeta } from './validation';

export function readMediaMeta(url: string, media: InputMedia): Promise<MediaMeta> {
  return new Promise((resolve, reject) => {
    if (media === 'image') {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error('image decode failed'));
      img.src = url;
      return;
    }
    const element = document.createElement(media === 'video' ? 'video' : 'audio');
    element.preload = 'metadata';
    element.muted = true;
    element.onloadedmetadata = () => {
      const video = element as HTMLVideoElement;
      resolve({ width: video.videoWidth || undefined, height: video.videoHeight || undefined, duration: element.duration });
    };
    element.onerror = () => reject(new Error('media decode failed'));
    element.src = url;
  });
}
