/**
 * Where media files live. Keys are storage paths such as `users/<uid>/uploads/20261122/<uuid>`; the API
 * and the worker reach files only through this interface, so the local folder (default) and an
 * S3-compatible bucket (production) are interchangeable.
 */
import type { Readable } from 'node:stream';

export interface StorageObjectInfo {
  size: number;
  contentType?: string;
}

export interface ByteRange {
  /** first byte, inclusive */
  start: number;
  /** last byte, inclusive */
  end: number;
}

export interface StorageAdapter {
  readonly kind: 'local' | 's3';
  /** stores a local file under the key (replacing what was there) */
  putFile(key: string, file: string, options: { contentType: string }): Promise<void>;
  /**
   * stores a local file under the key like putFile, taking the file: it is gone afterwards (the local
   * folder renames it into place when both are on one file system instead of copying it: the worker's
   * outputs, issue 25 item 6)
   */
  moveFile(key: string, file: string, options: { contentType: string }): Promise<void>;
  /** a stream of the object's bytes, or of one range of them; throws StorageNotFoundError */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** size and type, or null when there is no such object */
  stat(key: string): Promise<StorageObjectInfo | null>;
  /** copies the object into a local file (the worker's inputs) */
  downloadTo(key: string, file: string): Promise<void>;
  /** removes the object; a missing object is not an error */
  delete(key: string): Promise<void>;
  /**
   * a URL the browser may fetch directly (S3 presigned GET), or null when downloads go through the API's
   * signed file route (the local folder)
   */
  directUrl?(key: string, options: { expiresInSeconds: number; attachment: string | null; contentType: string }): Promise<string | null>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Keys are plain relative paths: letters, digits, `-`, `_`, `.` and `/`, no `..`, no leading slash. */
export function isValidKey(key: string): boolean {
  if (!key || key.length > 512 || key.startsWith('/') || key.endsWith('/')) return false;
  if (!/^[A-Za-z0-9._/-]+$/.test(key)) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
}
