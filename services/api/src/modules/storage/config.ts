/**
 * Storage settings from the environment:
 *   STORAGE_DRIVER=local|s3 (default local)   STORAGE_DIR (default .data/storage)
 *   S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE=1, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX,
 *   S3_PUBLIC_REDIRECT=1 (downloads redirect to presigned GETs)
 *   STORAGE_SIGNING_SECRET (default: derived from JWT_SECRET), STORAGE_UPLOAD_TTL_SECONDS (900),
 *   STORAGE_SIGN_TTL_SECONDS (3600), STORAGE_QUOTA_FREE_MB / _STANDARD_MB / _PREMIUM_MB (1024 / 20480 / 102400)
 */
import path from 'node:path';
import type { ApiEnv } from '../../env.js';
import type { MemberLevel } from '../../auth.js';
import type { StorageAdapter } from './adapter.js';
import { createLocalStorage } from './local.js';
import { createS3Storage, type S3StorageOptions } from './s3.js';

export interface StorageConfig {
  driver: 'local' | 's3';
  dir: string;
  s3: S3StorageOptions | null;
  /** null: derived from the API's JWT secret */
  signingSecret: string | null;
  uploadTtlSeconds: number;
  signTtlSeconds: number;
  /** bytes per plan */
  quotaBytes: Record<MemberLevel, number>;
}

const MB = 1024 * 1024;

export const DEFAULT_QUOTA_BYTES: Record<MemberLevel, number> = { free: 1024 * MB, standard: 20 * 1024 * MB, premium: 100 * 1024 * MB };

/** From the checked settings (env.ts): the numbers are numbers there. */
export function storageConfigFromEnv(env: ApiEnv): StorageConfig {
  const driver = env.STORAGE_DRIVER === 's3' ? 's3' : 'local';
  const mb = (value: number | undefined, fallback: number) => (value === undefined ? fallback : value * MB);
  return {
    driver,
    dir: path.resolve(env.STORAGE_DIR ?? '.data/storage'),
    s3:
      driver === 's3'
        ? {
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : undefined,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            prefix: env.S3_PREFIX,
            publicRedirect: env.S3_PUBLIC_REDIRECT === '1',
          }
        : null,
    signingSecret: env.STORAGE_SIGNING_SECRET || null,
    uploadTtlSeconds: env.STORAGE_UPLOAD_TTL_SECONDS ?? 900,
    signTtlSeconds: env.STORAGE_SIGN_TTL_SECONDS ?? 3600,
    quotaBytes: {
      free: mb(env.STORAGE_QUOTA_FREE_MB, DEFAULT_QUOTA_BYTES.free),
      standard: mb(env.STORAGE_QUOTA_STANDARD_MB, DEFAULT_QUOTA_BYTES.standard),
      premium: mb(env.STORAGE_QUOTA_PREMIUM_MB, DEFAULT_QUOTA_BYTES.premium),
    },
  };
}

export function createStorage(config: Pick<StorageConfig, 'driver' | 'dir' | 's3'>): StorageAdapter {
  if (config.driver === 's3') {
    if (!config.s3?.bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
    return createS3Storage(config.s3);
  }
  return createLocalStorage(config.dir);
}

/** The storage of checked settings (bootstrap builds it from the config instead). */
export function createStorageFromEnv(env: ApiEnv): StorageAdapter {
  return createStorage(storageConfigFromEnv(env));
}
