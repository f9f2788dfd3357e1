import { Global } from '@emotion/react';
import { cssVariables } from './theme';

/** The page's global stylesheet: both themes' colours, box sizing, the body's type (also in the header's first-HTML copy). */
export const GLOBAL_CSS = `
:root, :root[data-theme="dark"] { ${cssVariables('dark')} }
:root[data-theme="light"] { ${cssVariables('light')} }
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body {
  background: var(--c-bg);
  color: var(--c-text);
  font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 15px;
  line-height: 1.5;
  -webkit-font-smoothing: antialiased;
}
a { color: var(--c-primary); }
button { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--c-focus); outline-offset: 2px; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
}
@media (prefers-reduced-motion: reduce) { *, *::before, *::after { transition: none !important; animation: none !important; } }
`;

export function GlobalStyles() {
  return <Global styles={GLOBAL_CSS} />;
}
