// The stand-alone page (made by rspack.shared.ts) is static; the product loads this remote's exposes through the
// shell. Nothing runs here, so the page stays light and never needs the shared singletons.
export {};
