import { ThemeProvider } from '@emotion/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useShell } from 'shared-contracts';
import { GlobalStyles } from '../theme/global-styles';
import { themeFor } from '../theme/theme';

/** Emotion theme + CSS variables for the preferred theme (dark by default). */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const { preferences } = useShell();
  const { theme: mode } = useSnapshot(preferences.state);
  const theme = useMemo(() => themeFor(mode), [mode]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  );
}
