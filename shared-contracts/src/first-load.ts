/**
 * What the shell's build tells the gateway about the first load (an entry of its own, `shared-contracts/first-load`,
 * read at build and serve time only, so it is not part of the shared main entry the browser loads).
 */

/** Written by the shell build beside index.html: the shared modules the shell itself provides. */
export const SHELL_PROVIDES_FILE = 'shell-provides.json';

export interface ShellProvidesFile {
  /**
   * Share keys the shell provides (react, react-dom, react-router, ...). A remote's other shared modules
   * (swr, dayjs, ...) come from the remote's own chunks, which the gateway can preload for the landing route.
   */
  shared: string[];
}
