/**
 * S3-compatible storage (AWS S3, MinIO, R2, ...) with @aws-sdk/client-s3. Uploads still pass through the
 * API (they are validated by content first), then go to the bucket; downloads stream from the bucket
 * through the signed file route, or, with `publicRedirect`, the route redirects to a presigned GET.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidKey, StorageNotFoundError, type StorageAdapter } from './adapter.js';

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  /** e.g. http://minio:9000; empty for AWS */
  endpoint?: string;
  /** path-style addressing (MinIO and most compatible stores) */
  forcePathStyle?: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** key prefix inside the bucket */
  prefix?: string;
  /** downloads redirect to a presigned GET instead of streaming through the API */
  publicRedirect?: boolean;
  /** for tests: a custom request handler or other client settings */
  clientConfig?: Partial<S3ClientConfig>;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function asReadable(body: unknown): Readable {
  if (body instanceof Readable) return body;
  if (body && typeof (body as { transformToWebStream?: unknown }).transformToWebStream === 'function') {
    return Readable.fromWeb((body as { transformToWebStream(): import('node:stream/web').ReadableStream }).transformToWebStream());
  }
  throw new Error('the S3 answer has no readable body');
}

export function createS3Storage(options: S3StorageOptions): StorageAdapter {
  const client = new S3Client({
    region: options.region || 'us-east-1',
    endpoint: options.endpoint || undefined,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // plain PUTs with a Content-Length: S3-compatible stores that do not speak aws-chunked trailers accept them
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...options.clientConfig,
  });
  const prefix = options.prefix ? options.prefix.replace(/\/+$/, '') + '/' : '';
  const keyOf = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };

  const putFile: StorageAdapter['putFile'] = async (key, file, putOptions) => {
    const info = await stat(file);
    await client.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: keyOf(key),
        Body: createReadStream(file),
        ContentLength: info.size,
        ContentType: putOptions.contentType,
      }),
    );
  };

  return {
    kind: 's3',

    putFile,

    async moveFile(key, file, putOptions) {
      await putFile(key, file, putOptions);
      await rm(file, { force: true });
    },

    async read(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: options.bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return asReadable(answer.Body);
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
        return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async downloadTo(key, file) {
      const body = await this.read(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(body, createWriteStream(file));
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async directUrl(key, urlOptions) {
      if (!options.publicRedirect) return null;
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(key),
          ResponseContentType: urlOptions.contentType,
          ResponseContentDisposition: urlOptions.attachment ?? undefined,
        }),
        { expiresIn: urlOptions.expiresInSeconds },
      );
    },
  };
}
