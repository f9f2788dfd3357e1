/**
 * The @emotion/react the shell provides to the share scope (shell/rspack.config.ts), like react-router-client.ts:
 * as a shared module nothing of it can be tree-shaken, so this module names what it gives the remotes. All of
 * the package but `withTheme`, the higher-order component for class components, which brings
 * hoist-non-react-statics and react-is with it (1 KB brotli of every first load, issue 25); the apps style
 * with the `css` prop, and `useTheme` reads the theme. The JSX runtime ('@emotion/react/jsx-runtime') is a
 * shared module of its own and unchanged. emotion-react-client.test.ts checks this list against the installed
 * package and against every import of '@emotion/react' in the shell, the remotes and the ui-kit.
 * Left out on purpose: withTheme.
 */
export {
  CacheProvider,
  ClassNames,
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
