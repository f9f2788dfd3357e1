export const iconButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: 10,
  border: 'none',
  background: 'transparent',
  color: 'var(--c-text)',
  cursor: 'pointer',
  '&:hover': { background: 'var(--c-surface-hover)' },
} as const;
