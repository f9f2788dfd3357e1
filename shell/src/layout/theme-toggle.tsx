/** The header's theme toggle (desktop only, spec section 2). */
import { useSnapshot } from 'valtio';
import { useShell } from 'shared-contracts';
import { iconButton } from './header-styles';
import { Icon } from './icons';

export function ThemeToggle() {
  const { preferences } = useShell();
  const { theme } = useSnapshot(preferences.state);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} onClick={() => preferences.set('theme', next)} css={iconButton}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
