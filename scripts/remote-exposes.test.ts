/**
 * A remote's exposes are made from the contract's REMOTE_MODULES (`exposesOf`, rspack.exposes.ts), so adding a
 * page to a remote needs no build edit: every remote's src/exposes/ holds exactly the modules the contract
 * declares for it, and a file the contract does not declare, or a declared module without its file, stops the
 * build with their names.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTES } from 'shared-contracts/remotes';
import { exposesOf } from '../rspack.exposes';

const root = path.resolve(__dirname, '..');

describe("a remote's exposes, from the contract", () => {
  it("holds every module the contract declares for each remote, each from its file in src/exposes/", () => {
    expect(exposesOf(path.join(root, 'remote-explore'), 'remote_explore')).toEqual({
      './HomePage': './src/exposes/home-page.tsx',
      './ExplorePage': './src/exposes/explore-page.tsx',
      './TemplatePage': './src/exposes/template-page.tsx',
      './EffectPage': './src/exposes/effect-page.tsx',
      './TemplatePicker': './src/exposes/template-picker.tsx',
      './LegalPage': './src/exposes/legal-page.tsx',
    });
    for (const remote of REMOTES) expect(Object.keys(exposesOf(path.join(root, remote.pkg), remote.container)).length).toBeGreaterThan(0);
  });

  it('stops the build on an expose the contract does not declare, or a declared module without its file', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'exposes-'));
    try {
      cpSync(path.join(root, 'remote-tools', 'src', 'exposes'), path.join(copy, 'src', 'exposes'), { recursive: true });
      writeFileSync(path.join(copy, 'src', 'exposes', 'tool-history.tsx'), 'export default function ToolHistory() { return null; }\n');
      expect(() => exposesOf(copy, 'remote_tools')).toThrow('not declared: tool-history.tsx');
      rmSync(path.join(copy, 'src', 'exposes', 'tool-editor.tsx'));
      expect(() => exposesOf(copy, 'remote_tools')).toThrow('no file for tool-editor.tsx');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
