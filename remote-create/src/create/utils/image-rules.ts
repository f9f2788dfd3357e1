import { USER_TEXTS } from 'shared-contracts';

/** Image inputs of the creation screens (spec section 5: image to image and tools). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const IMAGE_MAX_MB = 50;
export const IMAGE_RULE_TEXT = 'JPG, PNG, JPEG or WEBP, under 50MB, resolution under 3840*2160.';
export const IMAGE_TOO_LARGE = `Please keep the file size below ${IMAGE_MAX_MB}MB`;

/** The reason a picked file cannot be used, or null when it can. */
export function checkImageFile(file: { name: string; type: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (IMAGE_TYPES as readonly string[]).includes(file.type);
  const extensionOk = (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk && !extensionOk) return USER_TEXTS.UNSUPPORTED_FORMAT;
  if (file.size >= IMAGE_MAX_MB * 1024 * 1024) return IMAGE_TOO_LARGE;
  return null;
}
