/** remotes.json as deploys and rollbacks change it: one line at a time, remembered, put back. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entryFor, historyOf, readRemotes, rollbackRemote, switchRemote } from './remotes-file';

describe('remotes.json switches', () => {
  let dir: string;
  let file: string;
  const line = (name: 'remote_explore' | 'remote_tools', version: string, origin = 'http://explore.example') => ({
    name,
    version,
    entry: `${origin}/remotes/${name.replace('_', '-')}/${version}/mf-manifest.json`,
  });
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'remotes-file-'));
    file = path.join(dir, 'remotes.json');
    writeFileSync(file, JSON.stringify({ remotes: [line('remote_explore', '1.0.0'), line('remote_tools', '1.0.0', 'http://tools.example')] }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('places a new version beside the current one, or on a new origin', () => {
    const current = line('remote_explore', '1.0.0');
    expect(entryFor(current, 'remote-explore', '1.0.1')).toBe('http://explore.example/remotes/remote-explore/1.0.1/mf-manifest.json');
    expect(entryFor({ ...current, entry: '/remotes/remote-explore/1.0.0/mf-manifest.json' }, 'remote-explore', '1.0.1')).toBe('/remotes/remote-explore/1.0.1/mf-manifest.json');
    expect(entryFor(current, 'remote-explore', '1.0.1', 'https://cdn.example/')).toBe('https://cdn.example/remotes/remote-explore/1.0.1/mf-manifest.json');
    expect(() => entryFor({ ...current, entry: 'http://x.example/explore.json' }, 'remote-explore', '1.0.1')).toThrow(/--origin/);
  });

  it('switches one line, leaves the others, and a rollback puts the previous line back', () => {
    switchRemote(file, line('remote_explore', '1.0.1'), new Date('2026-11-26T10:00:00Z'));
    switchRemote(file, line('remote_explore', '1.0.2'), new Date('2026-11-26T11:00:00Z'));
    expect(readRemotes(file).remotes.map((r) => `${r.name} ${r.version}`)).toEqual(['remote_explore 1.0.2', 'remote_tools 1.0.0']);

    const back = rollbackRemote(file, 'remote_explore', new Date('2026-11-26T12:00:00Z'));
    expect(back).toMatchObject({ from: line('remote_explore', '1.0.2'), to: line('remote_explore', '1.0.1'), rollbackOf: '2026-11-26T11:00:00.000Z' });
    expect(readRemotes(file).remotes).toEqual([line('remote_explore', '1.0.1'), line('remote_tools', '1.0.0', 'http://tools.example')]);
    expect(historyOf(file)).toHaveLength(3);
    // nothing but the list and its history is left in the folder (the temporary files were renamed into place)
    expect(readdirSync(dir).sort()).toEqual(['remotes.json', 'remotes.json.history.json']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(readRemotes(file));
  });

  it('has nothing to roll back to for a remote never switched', () => {
    expect(() => rollbackRemote(file, 'remote_tools')).toThrow(/no earlier line/);
  });
});
