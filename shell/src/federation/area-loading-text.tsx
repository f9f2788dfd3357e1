/** "Loading {area}…": what ShellApi.RemoteModule shows by default while its host's code or the module loads. */
export function AreaLoadingText({ area }: { area: string }) {
  return (
    <span role="status" css={{ fontSize: 13, color: 'var(--c-text-muted)' }}>
      Loading {area.toLowerCase()}…
    </span>
  );
}
