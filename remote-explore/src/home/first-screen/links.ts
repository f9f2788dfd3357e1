import type { ComponentType, ReactNode } from 'react';

/**
 * The link a first-screen component renders: the shell's AppLink in the app, a plain anchor when the
 * gateway renders the same component into /home's first HTML (no shell there; the link works without script).
 */
export type FirstScreenLink = ComponentType<{ to: string; className: string; 'aria-label'?: string; children: ReactNode }>;
