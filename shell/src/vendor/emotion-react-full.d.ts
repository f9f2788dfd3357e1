// 'emotion-react-full' is a build alias (rspack.config.ts) of the installed @emotion/react's browser entry, so the
// shell's shared @emotion/react (emotion-react-client.ts) can re-export from it without consuming itself.
declare module 'emotion-react-full' {
  export * from '@emotion/react';
}
