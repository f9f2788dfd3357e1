/**
 * remotes.json as a deploy changes it: one remote's line switched to a new versioned manifest, written
 * atomically (a temporary file in the same folder, then rename: the gateway, which reads the file on every
 * request, sees the old list or the new one, never half of one), and each switch remembered beside it in
 * `<file>.history.json` so a rollback puts back the line that was there before.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteContainer, RemotesManifest } from 'shared-contracts';

type Line = RemotesManifest['remotes'][number];

export interface Switch {
  /** ISO time of the switch */
  at: string;
  remote: RemoteContainer;
  from: Line | null;
  to: Line;
  /** a rollback records which switch it undid */
  rollbackOf?: string;
}

export function readRemotes(file: string): RemotesManifest {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RemotesManifest>;
  if (!Array.isArray(parsed.remotes)) throw new Error(`${file} has no remotes list`);
  return parsed as RemotesManifest;
}

/** Writes a file so that a reader sees either the old content or the new, whole. */
export function writeAtomically(file: string, content: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

export function historyOf(file: string): Switch[] {
  const history = `${file}.history.json`;
  return existsSync(history) ? (JSON.parse(readFileSync(history, 'utf8')) as Switch[]) : [];
}

/**
 * The manifest URL of `version` for a remote, on `origin` when given, else where its current line points
 * (same origin and folder, the version segment replaced).
 */
export function entryFor(current: Line | undefined, pkg: string, version: string, origin?: string): string {
  const tail = `/remotes/${pkg}/${version}/mf-manifest.json`;
  if (origin) return `${origin.replace(/\/+$/, '')}${tail}`;
  if (!current) return tail;
  const replaced = current.entry.replace(new RegExp(`/${pkg}/[^/]+/mf-manifest\\.json$`), `/${pkg}/${version}/mf-manifest.json`);
  if (replaced === current.entry && current.version !== version) throw new Error(`cannot tell where ${current.entry} keeps its versions: name --origin`);
  return replaced;
}

function save(file: string, manifest: RemotesManifest, record: Switch): void {
  writeAtomically(file, `${JSON.stringify(manifest, null, 2)}\n`);
  writeAtomically(`${file}.history.json`, `${JSON.stringify([...historyOf(file), record], null, 2)}\n`);
}

/** Points one remote's line at `to` (added when the remote had none); answers the switch made. */
export function switchRemote(file: string, to: Line, now = new Date()): Switch {
  const manifest = readRemotes(file);
  const index = manifest.remotes.findIndex((line) => line.name === to.name);
  const from = index >= 0 ? manifest.remotes[index] : null;
  const remotes = index >= 0 ? manifest.remotes.map((line, i) => (i === index ? to : line)) : [...manifest.remotes, to];
  const record: Switch = { at: now.toISOString(), remote: to.name, from, to };
  save(file, { ...manifest, remotes }, record);
  return record;
}

/** Puts back the line the remote's last switch replaced (a rollback of a rollback is a roll forward). */
export function rollbackRemote(file: string, remote: RemoteContainer, now = new Date()): Switch {
  const last = [...historyOf(file)].reverse().find((record) => record.remote === remote);
  if (!last?.from) throw new Error(`${remote} has no earlier line in ${file}.history.json to go back to`);
  const manifest = readRemotes(file);
  const current = manifest.remotes.find((line) => line.name === remote) ?? null;
  const remotes = manifest.remotes.map((line) => (line.name === remote ? (last.from as Line) : line));
  const record: Switch = { at: now.toISOString(), remote, from: current, to: last.from, rollbackOf: last.at };
  save(file, { ...manifest, remotes }, record);
  return record;
}
