/**
 * The contract guard (one concern), in every build: a remote built against another major of the contract is
 * refused before any of its code runs. Its manifest says which contract it was built against
 * (`metaData.contractVersion`, written by rspack.shared.ts; a remote built before that says it through the
 * version of `shared-contracts` in its manifest's shared list); the runtime (remote-runtime.ts) reads the
 * manifest and has it checked before it registers the remote's entry, so a refused remote's entry is never
 * fetched and never joins the share scope. The load then fails with a ContractMismatchError: the remote's
 * area says this version cannot be loaded (RemoteArea), and `onRefused` tells the operator, once per remote
 * and entry.
 */
import { CONTRACT_VERSION } from 'shared-contracts';

export interface ContractRefusal {
  /** the federation container, e.g. remote_tools */
  remote: string;
  /** the remote's own build version (its manifest's buildVersion) */
  remoteVersion: string;
  /** the contract version the remote was built against ('' when its manifest names none) */
  remoteContract: string;
  /** the contract version the shell speaks */
  shellContract: string;
  /** the manifest's URL */
  entry: string;
}

export class ContractMismatchError extends Error {
  readonly refusal: ContractRefusal;
  constructor(refusal: ContractRefusal) {
    const built = refusal.remoteContract ? `shared-contracts ${refusal.remoteContract}` : 'no declared shared-contracts version';
    super(`${refusal.remote} ${refusal.remoteVersion} was built against ${built}; this shell speaks ${refusal.shellContract}, another major: refused`);
    this.name = 'ContractMismatchError';
    this.refusal = refusal;
  }
}

export function isContractMismatch(error: unknown): error is ContractMismatchError {
  return error instanceof Error && error.name === 'ContractMismatchError' && 'refusal' in error;
}

/** The part of a federation manifest the guard reads. */
export interface ManifestView {
  id?: string;
  name?: string;
  metaData?: { name?: string; contractVersion?: unknown; buildInfo?: { buildVersion?: unknown } };
  shared?: { name?: unknown; version?: unknown }[];
}

/** The contract version a remote's manifest declares, or '' when it declares none. */
export function declaredContract(manifest: ManifestView): string {
  const declared = manifest.metaData?.contractVersion;
  if (typeof declared === 'string' && declared) return declared;
  const shared = manifest.shared?.find((entry) => entry.name === 'shared-contracts')?.version;
  return typeof shared === 'string' ? shared : '';
}

const majorOf = (version: string) => /^\D*(\d+)\./.exec(version)?.[1] ?? '';

/** The refusal a manifest deserves, or null when the shell can serve it (same major). */
export function contractRefusal(manifest: ManifestView, entry: string, shellContract = CONTRACT_VERSION): ContractRefusal | null {
  const remoteContract = declaredContract(manifest);
  if (remoteContract && majorOf(remoteContract) === majorOf(shellContract)) return null;
  const buildVersion = manifest.metaData?.buildInfo?.buildVersion;
  return {
    remote: manifest.metaData?.name ?? manifest.name ?? manifest.id ?? 'a remote',
    remoteVersion: typeof buildVersion === 'string' ? buildVersion : '',
    remoteContract,
    shellContract,
    entry,
  };
}

/** A check of each manifest as it arrives: throws a ContractMismatchError for another major. */
export type ContractGuard = (manifest: ManifestView, manifestUrl: string) => void;

export function contractGuard(onRefused: (refusal: ContractRefusal) => void, shellContract = CONTRACT_VERSION): ContractGuard {
  const told = new Set<string>();
  return (manifest, manifestUrl) => {
    const refusal = contractRefusal(manifest, manifestUrl, shellContract);
    if (!refusal) return;
    const key = `${refusal.remote} ${refusal.entry}`;
    if (!told.has(key)) {
      told.add(key);
      onRefused(refusal);
    }
    throw new ContractMismatchError(refusal);
  };
}
