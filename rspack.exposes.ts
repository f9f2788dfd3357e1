/**
 * A remote's federation `exposes`, made from the contract (apart from rspack.shared.ts so a test reads it without
 * the bundler).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_MODULES, type RemoteContainer } from 'shared-contracts/remote-modules';

/** An exposed module's file: 'HomePage' -> './src/exposes/home-page.tsx'. */
const exposeFile = (module: string): string => `./src/exposes/${module.replace(/(?<!^)(?=[A-Z])/g, '-').toLowerCase()}.tsx`;

/**
 * A remote's exposes, made from the contract's REMOTE_MODULES (a remote keeps no list of its own): every module
 * declared for its container, each from its file in src/exposes/ ('remote_explore/HomePage' -> './HomePage':
 * './src/exposes/home-page.tsx'). A declared module without its file, or a file there that the contract does not
 * declare (tests aside), stops the build with their names.
 */
export function exposesOf(appDir: string, container: RemoteContainer): Record<string, string> {
  const modules = Object.keys(REMOTE_MODULES).flatMap((name) => (name.startsWith(`${container}/`) ? [name.slice(container.length + 1)] : []));
  const exposes = Object.fromEntries(modules.map((module) => [`./${module}`, exposeFile(module)]));
  const declared = new Set(Object.values(exposes).map((file) => path.basename(file)));
  const onDisk = readdirSync(path.join(appDir, 'src', 'exposes')).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const missing = [...declared].filter((file) => !onDisk.includes(file));
  const undeclared = onDisk.filter((file) => !declared.has(file));
  if (missing.length > 0 || undeclared.length > 0) {
    throw new Error(
      `${container}: src/exposes/ and the contract's REMOTE_MODULES (shared-contracts/src/remote-modules.ts) differ: ` +
        [missing.length > 0 ? `no file for ${missing.join(', ')}` : '', undeclared.length > 0 ? `not declared: ${undeclared.join(', ')}` : ''].filter(Boolean).join('; '),
    );
  }
  return exposes;
}
