/**
 * Test double of @module-federation/enhanced/runtime: tests register modules with
 * `__setRemoteModule(name, module)` or `__failRemote(name, error)`; loadRemote answers from that table.
 */
type Loaded = Record<string, unknown>;
const modules = new Map<string, Loaded | Error>();
const registered: { name: string; entry: string }[] = [];

export function __setRemoteModule(name: string, mod: Loaded): void {
  modules.set(name, mod);
}
export function __failRemote(name: string, error: Error): void {
  modules.set(name, error);
}
export function __reset(): void {
  modules.clear();
  registered.length = 0;
}
export function __registeredRemotes(): { name: string; entry: string }[] {
  return [...registered];
}

export async function loadRemote<T>(name: string): Promise<T> {
  const found = modules.get(name);
  if (!found) throw new Error(`remote module ${name} is not registered in the test double`);
  if (found instanceof Error) throw found;
  return found as T;
}
export function registerRemotes(remotes: { name: string; entry: string }[], _options?: { force?: boolean }): void {
  for (const remote of remotes) {
    const index = registered.findIndex((r) => r.name === remote.name);
    if (index >= 0) registered.splice(index, 1);
    registered.push(remote);
  }
}
export function registerPlugins(_plugins: unknown[]): void {}
export function init(_options: unknown): void {}
export function getInstance(): null {
  return null;
}
export async function preloadRemote(_options: unknown): Promise<void> {}
