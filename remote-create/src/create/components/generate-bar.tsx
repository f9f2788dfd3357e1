import { useId } from 'react';
import { Button } from '../../components/button';
import { theme } from '../../lib/theme';

/** The Generate button: shown where it belongs, disabled, with the plain reason beside it. */
export function GenerateBar() {
  const noteId = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8, paddingTop: 4 }}>
      <Button variant="primary" disabled aria-describedby={noteId} css={{ width: '100%', minHeight: 48, fontSize: 16 }}>
        Generate
      </Button>
      <p id={noteId} css={{ margin: 0, fontSize: 13, color: theme.textMuted, textAlign: 'center' }}>
        Generation is not available yet.
      </p>
    </div>
  );
}
