/**
 * The lint's boundary rules (eslint.config.mjs) fail what they should: each case lints a snippet as if it
 * were a file at the given path, through the real config and resolver (ESLint's Node API, in one child
 * process: the config is ESM and loads the contract's REMOTES list).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

const PROBE = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const [filePath, code] of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? 'fatal'));
}
console.log(JSON.stringify(out));
`;

function lintAll(cases: [string, string][]): string[][] {
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, JSON.stringify(cases)], { cwd: root, encoding: 'utf8' });
  return JSON.parse(stdout) as string[][];
}

describe('eslint.config.mjs', () => {
  it('fails a cross-remote import, a deep src import, a service importing web code, lib importing a feature and a file name not in kebab-case; passes a clean file', () => {
    const [crossRemote, deepSrc, serviceWeb, libFeature, naming, clean] = lintAll([
      ['remote-create/src/create/lint-probe.ts', "import { TOOLS } from '../../../remote-tools/src/tools-list/utils/catalog';\nexport const probe = TOOLS;\n"],
      ['remote-create/src/create/lint-probe.ts', "import { theme } from '@studio/ui-kit/src/theme';\nexport const probe = theme;\n"],
      ['services/api/src/lint-probe.ts', "import { theme } from '../../../ui-kit/src/theme';\nexport const probe = theme;\n"],
      ['remote-create/src/lib/lint-probe.ts', "import { IMAGE_RULE } from '../uploads/utils/upload-rules';\nexport const probe = IMAGE_RULE;\n"],
      ['remote-create/src/lib/LintProbe.ts', 'export const probe = 1;\n'],
      ['remote-create/src/create/lint-probe.ts', "import { theme } from '@studio/ui-kit/theme';\nimport { routePath } from 'shared-contracts';\nexport const probe = [theme, routePath('Home')];\n"],
    ]);
    expect(crossRemote).toContain('import-x/no-restricted-paths');
    expect(deepSrc).toContain('no-restricted-imports');
    expect(serviceWeb).toContain('import-x/no-restricted-paths');
    expect(libFeature).toContain('import-x/no-restricted-paths');
    expect(naming).toContain('check-file/filename-naming-convention');
    expect(clean).toEqual([]);
  });

  it('fails an import of an engine internal and any service import from web code; passes the engines\' public entries', () => {
    const [internal, deepDynamic, webEngines, webCatalogue, publicEntries] = lintAll([
      ['services/api/src/lint-probe.ts', "import { detectFaces } from '@studio/engines/local/image/face';\nexport const probe = detectFaces;\n"],
      ['services/api/src/lint-probe.ts', "export const probe = () => import('@studio/engines/media/ffmpeg');\n"],
      ['remote-tools/src/workspace/lint-probe.ts', "import { ALGORITHMS } from '@studio/engines';\nexport const probe = ALGORITHMS;\n"],
      ['remote-tools/src/workspace/lint-probe.ts', "import { ALGORITHMS } from 'shared-contracts/algorithms';\nexport const probe = ALGORITHMS;\n"],
      [
        'services/api/src/lint-probe.ts',
        "import type { EngineJob } from '@studio/engines/types';\nimport { probeMedia } from '@studio/engines/media';\nexport const probe = [probeMedia, () => import('@studio/engines/vision')] as const;\nexport type Probe = EngineJob;\n",
      ],
    ]);
    expect(internal).toContain('no-restricted-imports');
    expect(deepDynamic).toContain('no-restricted-syntax');
    expect(webEngines).toContain('no-restricted-imports');
    expect(webCatalogue).toEqual([]);
    expect(publicEntries).toEqual([]);
  });

  it('fails a page link or a navigation typed as a path in web code; passes one built from its named route, and a test', () => {
    const [linkTo, templateHref, navigatePath, named, inTest] = lintAll([
      ['remote-explore/src/explore/lint-probe.tsx', "import { Link } from 'react-router';\nexport const probe = <Link to=\"/pricing\">Pricing</Link>;\n"],
      ['remote-explore/src/explore/lint-probe.tsx', 'const id = 1;\nexport const probe = <a href={`/explore/${id}`}>One</a>;\n'],
      ['shell/src/layout/lint-probe.ts', "declare const navigate: (to: string) => void;\nexport const probe = () => navigate('/home');\n"],
      [
        'remote-explore/src/explore/lint-probe.tsx',
        "import { Link } from 'react-router';\nimport { routePath } from 'shared-contracts';\nexport const probe = [<Link key=\"p\" to={routePath('Pricing')}>Pricing</Link>, <a key=\"x\" href=\"https://example.com/\">x</a>];\n",
      ],
      ['shell/src/layout/lint-probe.test.tsx', "import { Link } from 'react-router';\nexport const probe = <Link to=\"/pricing\">Pricing</Link>;\n"],
    ]);
    expect(linkTo).toContain('no-restricted-syntax');
    expect(templateHref).toContain('no-restricted-syntax');
    expect(navigatePath).toContain('no-restricted-syntax');
    expect(named).toEqual([]);
    expect(inTest).toEqual([]);
  });

  it('fails a function over 120 lines and a file over 400 lines outside tests, and lets a test be long', () => {
    const longFunction = `export function probe(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(125)}  return n;\n}\n`;
    const longFile = `${Array.from({ length: 405 }, (_, i) => `export const probe${i} = ${i};`).join('\n')}\n`;
    const [fn, file, test] = lintAll([
      ['services/api/src/lint-probe.ts', longFunction],
      ['remote-create/src/create/lint-probe.ts', longFile],
      ['services/api/src/lint-probe.test.ts', longFunction],
    ]);
    expect(fn).toContain('max-lines-per-function');
    expect(file).toContain('max-lines');
    expect(test).toEqual([]);
  });

  it("fails a feature importing another feature, a building block importing a feature and an API module importing one above it; lets a feature use a building block and lib/", () => {
    const [crossFeature, blockFeature, moduleUp, allowed, moduleDown] = lintAll([
      ['remote-explore/src/home/lint-probe.ts', "import { TemplatePage } from '../template/components/template-page';\nexport const probe = TemplatePage;\n"],
      ['remote-create/src/tasks/lint-probe.ts', "import { validateForm } from '../create/utils/form';\nexport const probe = validateForm;\n"],
      ['services/api/src/modules/storage/lint-probe.ts', "import { takeCreation } from '../tasks/creation-limits.js';\nexport const probe = takeCreation;\n"],
      ['remote-create/src/create/lint-probe.ts', "import { fieldOf } from '../lib/task-fields';\nimport { useUpload } from '../uploads/hooks/use-upload';\nexport const probe = [fieldOf, useUpload];\n"],
      ['services/api/src/modules/tasks/lint-probe.ts', "import { uploadRulesFor } from '../storage/limits.js';\nexport const probe = uploadRulesFor;\n"],
    ]);
    expect(crossFeature).toContain('import-x/no-restricted-paths');
    expect(blockFeature).toContain('import-x/no-restricted-paths');
    expect(moduleUp).toContain('import-x/no-restricted-paths');
    expect(allowed).toEqual([]);
    expect(moduleDown).toEqual([]);
  });
});
