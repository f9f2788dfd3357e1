/**
 * Bounded image work, wherever a picture enters (an upload, img2prompt's data: URL or stored picture):
 *
 * 1. the header alone is read (sharp's metadata decodes no pixels) and the upload rules' size and
 *    resolution apply before anything is decoded: a 1 MB PNG that claims 16000x16000 pixels would cost
 *    ~650 MB to decode, so it is refused with 'Resolution is not supported' for the few bytes it is;
 * 2. the file must decode in full (a truncated PNG has a good header and no picture), with sharp's pixel
 *    limit set to what the rules allow and shrink-on-load, inside
 * 3. a process-wide cap on concurrent heavy decodes (IMAGE_DECODE_CONCURRENCY, default 2): six large
 *    pictures at once wait their turn instead of stalling every other request.
 */
import sharp from 'sharp';
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import { ApiFailure } from '../../http.js';
import type { ImageRule } from './limits.js';

/** A counting semaphore: at most `size` holders at once, the rest queue in order. */
class DecodeSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private size: number) {}

  /** sets how many may hold at once (the config's imageDecodeConcurrency, at start) */
  resize(size: number): void {
    this.size = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** holders now (tests) */
  busy(): number {
    return this.active;
  }
}

/** The process's slots: 2 unless bootstrap sets the config's IMAGE_DECODE_CONCURRENCY. */
export const decodeSlots = new DecodeSlots(2);

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
}

/** The format and size an image file claims, from its header only; null when it is no image sharp knows. */
export async function readImageHeader(file: string | Buffer): Promise<ImageHeader | null> {
  // no pixel limit here: metadata() reads the header, and the size it reports is what the rules judge
  const meta = await sharp(file, { limitInputPixels: false, pages: 1 })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !meta.width || !meta.height) return null;
  return { format: meta.format, width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
}

const resolutionRefused = () => new ApiFailure(422, API_CODES.UNSUPPORTED_RESOLUTION, USER_TEXTS.RESOLUTION_UNSUPPORTED);

/** The rule's resolution bounds on a header; throws the spec's refusal. */
export function checkImageHeader(rule: ImageRule, header: ImageHeader): void {
  const long = Math.max(header.width, header.height);
  const short = Math.min(header.width, header.height);
  if (long > rule.maxLong || short > rule.maxShort) throw resolutionRefused();
}

/** The pixel limit sharp enforces while decoding a picture the rule allows. */
function pixelLimit(rule: Pick<ImageRule, 'maxLong' | 'maxShort'>): number {
  return rule.maxLong * rule.maxShort;
}

/**
 * Decodes the whole picture (shrunk on load to a thumbnail, so memory stays small) inside a decode slot;
 * throws 'Unsupported format' when it does not decode (a truncated or corrupt file).
 */
async function assertDecodes(file: string, rule: Pick<ImageRule, 'maxLong' | 'maxShort'>): Promise<void> {
  await decodeSlots.run(async () => {
    try {
      await sharp(file, { limitInputPixels: pixelLimit(rule), failOn: 'truncated', pages: 1 })
        .resize(64, 64, { fit: 'inside' })
        .raw()
        .toBuffer();
    } catch {
      throw new ApiFailure(415, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.UNSUPPORTED_FORMAT);
    }
  });
}

/** Header rules, then a full decode: for a file that claims to be a still image. */
export async function guardImageFile(file: string, rule: ImageRule): Promise<ImageHeader | null> {
  const header = await readImageHeader(file);
  if (!header) return null;
  if (header.format !== 'gif') {
    checkImageHeader(rule, header);
    await assertDecodes(file, rule);
  }
  return header;
}
