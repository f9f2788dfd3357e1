// The stand-alone page (made by rspack.shared.ts) is static; the product loads this remote's exposes
// (AccountEntry in the header, AccountHost once for the whole page) through the shell.
export {};
