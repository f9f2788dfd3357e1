/** Stack details for developers; only loaded outside beta and production. */
export default function ErrorDetails({ message, stack }: { message: string; stack: string }) {
  return (
    <details css={{ marginTop: 40, textAlign: 'left' }}>
      <summary css={{ cursor: 'pointer', color: 'var(--c-text-muted)' }}>Error details (development only)</summary>
      <pre
        data-testid="error-stack"
        css={{
          marginTop: 12,
          padding: 16,
          borderRadius: 10,
          overflow: 'auto',
          fontSize: 12,
          lineHeight: 1.5,
          background: 'var(--c-surface)',
          border: '1px solid var(--c-border)',
          color: 'var(--c-text)',
          whiteSpace: 'pre-wrap',
        }}
      >
        {stack || message}
      </pre>
    </details>
  );
}
