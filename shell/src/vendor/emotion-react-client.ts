/**
 * The @emotion/react the shell provides to the share scope (shell/rspack.config.ts), like react-router-client.ts:
 * as a shared module nothing of it can be tree-shaken, so this module names what it gives the remotes. All of
 * the package but two ways of styling the apps do not use (they style with the `css` prop, and `useTheme` reads
 * the theme): `withTheme`, the higher-order component for class components, which brings
 * hoist-non-react-statics and react-is with it, and `ClassNames`, the render-prop form of `css` (1.1 KB brotli
 * of every first load together, issue 25). The JSX runtime ('@emotion/react/jsx-runtime') is a shared module of
 * its own and unchanged. emotion-react-client.test.ts checks this list against the installed package and
 * against every import of '@emotion/react' in the shell, the remotes and the ui-kit.
 * Left out on purpose: ClassNames, withTheme.
 */
export {
  CacheProvider,
  Global,
  ThemeContext,
  ThemeProvider,
  __unsafe_useEmotionCache,
  createElement,
  css,
  jsx,
  keyframes,
  useTheme,
  withEmotionCache,
} from 'emotion-react-full';
