/**
 * Body parsers for the account routes, registered inside the plugin's own context (so they neither need nor
 * clash with parsers of the app that mounts it): url-encoded forms and a small multipart reader for the
 * avatar upload (one file, a few fields, the whole body in memory under a hard limit).
 */
import type { FastifyInstance } from 'fastify';

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}
export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export const FORM_LIMIT = 64 * 1024;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** the multipart body may carry the 2 MB image plus the form's other fields */
export const MULTIPART_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

export function registerBodyParsers(app: FastifyInstance): void {
  const form = 'application/x-www-form-urlencoded';
  if (app.hasContentTypeParser(form)) app.removeContentTypeParser(form);
  app.addContentTypeParser(form, { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const multipart = 'multipart/form-data';
  if (app.hasContentTypeParser(multipart)) app.removeContentTypeParser(multipart);
  app.addContentTypeParser(multipart, { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT }, (request, body, done) => {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(request.headers['content-type'] ?? '');
    const value = boundary?.[1] ?? boundary?.[2];
    if (!value) {
      done(Object.assign(new Error('multipart body without a boundary'), { statusCode: 400 }), undefined);
      return;
    }
    try {
      done(null, parseMultipart(body as Buffer, value.trim()));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
}

/** RFC 7578 multipart/form-data: parts separated by --boundary, each with headers, a blank line and content. */
export function parseMultipart(body: Buffer, boundary: string): MultipartBody {
  const result: MultipartBody = { fields: {}, files: [] };
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  if (position < 0) throw new Error('multipart body without its boundary');
  for (let parts = 0; parts < 20; parts++) {
    position += delimiter.length;
    // "--" after a delimiter closes the body
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return result;
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2;
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd < 0) throw new Error('multipart part without headers');
    const headers = body.subarray(position, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw new Error('multipart part without an end');
    const content = body.subarray(headerEnd + 4, next);
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
    if (name !== undefined) {
      if (filename !== undefined) result.files.push({ field: name, filename, contentType, data: Buffer.from(content) });
      else result.fields[name] = content.toString('utf8');
    }
    position = next + 2;
  }
  throw new Error('too many multipart parts');
}

/** The image types an avatar may be, told by their first bytes (never by the name or the declared type). */
export function sniffImage(data: Buffer): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}
