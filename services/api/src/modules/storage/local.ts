/**
 * The local-folder storage of the embedded default (STORAGE_DIR, default .data/storage). An object's type
 * is named by its key's extension (`.png` is image/png) or, when the key has none or it names another
 * type, kept beside it in `<key>.content-type`.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_MIME } from 'shared-contracts/upload-limits';
import { assertValidKey, StorageNotFoundError, type ByteRange, type StorageAdapter, type StorageObjectInfo } from './adapter.js';

/** the type a key's extension names, if it names one */
function typeOfExtension(key: string): string | undefined {
  const ext = path.extname(key).slice(1).toLowerCase();
  return ext ? UPLOAD_MIME[ext === 'jpg' ? 'jpeg' : ext] : undefined;
}

export function createLocalStorage(rootDir: string): StorageAdapter {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    const full = path.join(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  const typeFile = (full: string) => `${full}.content-type`;
  /**
   * the type file only where the extension does not say the type (one file less per stored result); a
   * stale one is removed, unless the object's folder was made just now (`fresh`: it holds nothing)
   */
  const keepType = async (key: string, full: string, contentType: string, fresh = false) => {
    if (typeOfExtension(key) !== contentType) return writeFile(typeFile(full), contentType);
    if (fresh) return;
    await unlink(typeFile(full)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  };

  /** copies under a temporary name and renames: a reader never sees half a file */
  const copyInto = async (key: string, full: string, file: string, contentType: string) => {
    const temp = `${full}.${randomUUID()}.part`;
    try {
      await copyFile(file, temp);
      await keepType(key, full, contentType);
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  return {
    kind: 'local',

    async putFile(key, file, options) {
      const full = fileOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      await copyInto(key, full, file, options.contentType);
    },

    async moveFile(key, file, options) {
      const full = fileOf(key);
      // a folder made just now (a run's results folder, its first output) holds no stale type file to remove
      const made = await mkdir(path.dirname(full), { recursive: true });
      await keepType(key, full, options.contentType, made !== undefined);
      try {
        // a rename is atomic and copies nothing; across file systems (EXDEV) it copies, then removes the file
        await rename(file, full);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyInto(key, full, file, options.contentType);
        await rm(file, { force: true });
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
      const contentType = (await readFile(typeFile(full), 'utf8').catch(() => undefined)) ?? typeOfExtension(key);
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
