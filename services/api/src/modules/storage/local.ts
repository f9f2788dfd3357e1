/** The local-folder storage of the embedded default (STORAGE_DIR, default .data/storage). */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { assertValidKey, StorageNotFoundError, type ByteRange, type StorageAdapter, type StorageObjectInfo } from './adapter.js';

export function createLocalStorage(rootDir: string): StorageAdapter {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    const full = path.join(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  const typeFile = (full: string) => `${full}.content-type`;

  return {
    kind: 'local',

    async putFile(key, file, options) {
      const full = fileOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      // copy under a temporary name and rename: a reader never sees half a file
      const temp = `${full}.${randomUUID()}.part`;
      try {
        await copyFile(file, temp);
        await writeFile(typeFile(full), options.contentType);
        await rename(temp, full);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      const full = fileOf(key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw new StorageNotFoundError(key);
      return createReadStream(full, range ? { start: range.start, end: range.end } : undefined);
    },

    async stat(key): Promise<StorageObjectInfo | null> {
      const full = fileOf(key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      const contentType = await readFile(typeFile(full), 'utf8').catch(() => undefined);
      return { size: info.size, contentType };
    },

    async downloadTo(key, file) {
      const full = fileOf(key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw new StorageNotFoundError(key);
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(full, file);
    },

    async delete(key) {
      const full = fileOf(key);
      await rm(full, { force: true });
      await rm(typeFile(full), { force: true });
    },
  };
}
