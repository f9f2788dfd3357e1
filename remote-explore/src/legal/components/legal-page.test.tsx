import { screen } from '@testing-library/react';
import { FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { LegalPage } from './legal-page';

describe('LegalPage', () => {
  it("replaces the first HTML's copy of the page (the gateway's, from first-screen/server.tsx) when it is first drawn, and links the other texts", () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<h1>Terms of Service</h1>';
    document.body.appendChild(copy);
    renderWithShell(<LegalPage kind="terms" />, createShellDouble());
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Terms of Service' })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute('href', '/privacy');
  });
});
