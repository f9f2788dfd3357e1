/**
 * Links to gallery media. The same signed file route as every other file, but the expiry is rounded to the
 * hour, so a picture keeps one URL for an hour and the browser's cache serves it again.
 */
import type { MediaStore } from '../storage/media.js';

export type PublicUrl = (storagePath: string) => string;

export function publicUrlFor(media: MediaStore, now: () => Date = () => new Date()): PublicUrl {
  return (storagePath) => {
    const hour = 3600;
    const exp = (Math.floor(now().getTime() / 1000 / hour) + 2) * hour;
    const sig = media.signer.sign(['file', storagePath, exp, 'i', '']);
    return `/v1/common/oss/file/${storagePath}?${new URLSearchParams({ exp: String(exp), d: 'i', sig }).toString()}`;
  };
}
