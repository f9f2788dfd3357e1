/**
 * The contract's semver, held by CI: the public surface of shared-contracts (surface.ts) is compared with the
 * last release's (deploy/releases.json, read from git); a change that breaks what a remote built against the
 * release relies on fails unless the major went up. The second suite shows the check failing on breaking
 * changes made to a copy of today's contract, and passing additive ones.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commitOf, releaseRefs } from '../release/build-at';
import { compareSurfaces, describeChange, majorOf, surfaceOf, typeChange, unionMembers } from './surface';

const root = path.resolve(__dirname, '../..');
const cache = path.join(root, '.cache', 'contract');
jest.setTimeout(120_000);

/** shared-contracts as it was at a ref, inside the repository so its imports (react) resolve as today's do. */
function contractAt(ref: string): { src: string; version: string } {
  const sha = commitOf(ref);
  const dir = path.join(cache, sha);
  if (!existsSync(path.join(dir, 'shared-contracts', 'package.json'))) {
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} shared-contracts | tar -x -C '${partial}'`], { cwd: root });
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  const version = (JSON.parse(readFileSync(path.join(dir, 'shared-contracts', 'package.json'), 'utf8')) as { version: string }).version;
  return { src: path.join(dir, 'shared-contracts', 'src'), version };
}

const currentVersion = (JSON.parse(readFileSync(path.join(root, 'shared-contracts', 'package.json'), 'utf8')) as { version: string }).version;

describe('shared-contracts against its last release', () => {
  it('breaks nothing a remote built against the release relies on, unless the major went up', () => {
    const release = contractAt(releaseRefs().lastRelease.ref);
    const { breaking } = compareSurfaces(surfaceOf(release.src), surfaceOf(path.join(root, 'shared-contracts', 'src')));
    if (breaking.length > 0 && !(majorOf(currentVersion) > majorOf(release.version))) {
      throw new Error(
        `shared-contracts ${currentVersion} breaks ${breaking.length} thing(s) of the last release ${release.version} without a major bump ` +
          `(bump the major and write the migration note in shared-contracts/CHANGELOG.md, or keep the old shape beside the new):\n` +
          breaking.slice(0, 40).map((change) => `  ${describeChange(change)}`).join('\n'),
      );
    }
  });
});

describe('the surface check', () => {
  const copy = (name: string, edits: [file: string, from: string, to: string][]): string => {
    const dir = path.join(cache, `edited-${name}-${process.pid}`, 'src');
    rmSync(path.dirname(dir), { recursive: true, force: true });
    cpSync(path.join(root, 'shared-contracts', 'src'), dir, { recursive: true });
    for (const [file, from, to] of edits) {
      const target = path.join(dir, file);
      const text = readFileSync(target, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer has ${from}: update this test`);
      writeFileSync(target, text.replace(from, to));
    }
    return dir;
  };
  let today: ReturnType<typeof surfaceOf>;
  beforeAll(() => {
    today = surfaceOf(path.join(root, 'shared-contracts', 'src'));
  });
  afterAll(() => {
    for (const name of ['breaking', 'additive']) rmSync(path.join(cache, `edited-${name}-${process.pid}`), { recursive: true, force: true });
  });

  it('fails a removed member, a changed type, an optional member made required and a union member gone', () => {
    const edited = copy('breaking', [
      ['shell-api.ts', '  toast: ToastApi;\n', ''],
      ['task-entities.ts', '  seed?: number | null;', '  seed: number | null;'],
      ['billing.ts', "| 'converted' | 'replaced';", "| 'converted';"],
      ['task-entities.ts', '  file_path: string;', '  file_path: string[];'],
    ]);
    const { breaking } = compareSurfaces(today, surfaceOf(edited));
    const said = breaking.map(describeChange);
    expect(said).toEqual(
      expect.arrayContaining([
        'removed shell-api:ShellApi.toast (: ToastApi)',
        'changed task-entities:Task.seed: ?: number | null | undefined -> : number | null',
        "removed billing:MembershipStatus|\"replaced\" (member)",
        expect.stringMatching(/^changed task-entities:\w+\.file_path: : string -> : Array<string>$/),
      ]),
    );
  });

  it('passes a new name, a new optional member and a wider union, and says what was added', () => {
    const edited = copy('additive', [
      ['shell-api.ts', '  toast: ToastApi;\n', '  toast: ToastApi;\n  /** a later addition */\n  whisper?: (text: string) => void;\n'],
      ['billing.ts', "| 'converted' | 'replaced';", "| 'converted' | 'replaced' | 'paused';\nexport const PAUSE_LIMIT_DAYS = 30;"],
    ]);
    const { breaking, additive } = compareSurfaces(today, surfaceOf(edited));
    expect(breaking.map(describeChange)).toEqual([]);
    expect(additive.map((change) => change.line)).toEqual(
      expect.arrayContaining(['shell-api:ShellApi.whisper', 'billing:MembershipStatus|"paused"', 'billing:PAUSE_LIMIT_DAYS']),
    );
  });
  it('reads a union printed in another order as the same, a property union that gained members as wider, and one that lost any as changed', () => {
    expect(typeChange(': "ready" | "rendering" | "failed"', ': "failed" | "ready" | "rendering"')).toBe('same');
    expect(typeChange(': "Home" | "Pricing" | null', ': "Home" | "Pricing" | "Terms" | null')).toBe('widened');
    expect(typeChange(': "Home" | "Pricing" | null', ': "Home" | null')).toBe('changed');
    expect(typeChange(': Array<"a" | "b">', ': Array<"b" | "a" | "c">')).toBe('changed');
    expect(typeChange('?: number | null | undefined', ': number | null')).toBe('changed');
    // a string the contract now names the values of (a tool id, an algorithm id) is additive; any other narrowing is not
    expect(typeChange(': string', ': "bg-remover" | "lip-sync"')).toBe('named');
    expect(typeChange(': string', ': "bg-remover" | null')).toBe('changed');
    expect(typeChange(': string', ': number')).toBe('changed');
    expect(typeChange('?: string', ': "bg-remover"')).toBe('changed');
    expect(unionMembers(': (a: string) => void | "x"')).toEqual([': (a: string) => void', '"x"']);
  });
});
