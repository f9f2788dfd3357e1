/**
 * The shell's page compressed for the browser that asks for it (issue 25): the page is made per request (its script
 * nonce, a visitor's first screen), so it cannot be compressed once at build time as the static files are (.br/.gz
 * beside them, @fastify/static's preCompressed). Uncompressed, /explore's first HTML was 185 KB, about 0.9 s of a slow
 * 4G phone's download before anything could paint; brotli at a fast quality makes it ~16 KB in a few milliseconds.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a page is sent as it is (a compressed frame of a tiny page saves nothing worth the CPU). */
const MIN_BYTES = 1024;
/**
 * Brotli's quality for a page made per request: 5 compresses /explore's page about as well as gzip -9 in a fraction
 * of quality 11's time (11 is for the build's files, compressed once).
 */
const BROTLI_QUALITY = 5;

export type PageEncoding = 'br' | 'gzip';

/**
 * `html` as the browser's `accept-encoding` allows: brotli, else gzip, else as it is (no encoding). Run in libuv's
 * pool, off the event loop.
 */
export async function encodePage(html: string, acceptEncoding: string | undefined): Promise<{ body: Buffer | string; encoding?: PageEncoding }> {
  const encoding = acceptEncoding ? negotiate<PageEncoding>(acceptEncoding, ['br', 'gzip']) : null;
  if (!encoding || Buffer.byteLength(html) < MIN_BYTES) return { body: html };
  const raw = Buffer.from(html);
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : await gzipAsync(raw, { level: 6 });
  return { body, encoding };
}
