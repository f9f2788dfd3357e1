// 'react-router-full' is a build alias (rspack.config.ts) of the installed react-router's own entry, so the
// shell's shared react-router (react-router-client.ts) can re-export from it without consuming itself.
declare module 'react-router-full' {
  export * from 'react-router';
}
