import { configure, screen, within } from '@testing-library/react';
import { renderWithShell } from '../../../../test-support/shell-double';
import { PricingPage } from './pricing-page';

// role queries skip the costly visibility check (nothing here is hidden by CSS); keeps the suite fast
configure({ defaultHidden: true });

describe('PricingPage', () => {
  it('compares Basic, Standard and Premium with honest, disabled buy buttons', () => {
    renderWithShell(<PricingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pricing');
    const periods = screen.getByRole('tablist', { name: 'Billing period' });
    expect(within(periods).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Weekly', 'Monthly', 'Yearly']);
    const table = screen.getByRole('table', { name: 'Plan comparison' });
    const credits = within(table).getByText('Credits').closest('tr') as HTMLElement;
    expect(credits).toHaveTextContent('5 sign-up credits100 a month500 a month');
    const faster = within(table).getByText('Faster generations').closest('tr') as HTMLElement;
    expect(within(faster).getAllByText(/Included|Not included/).map((n) => n.textContent)).toEqual(['Not included', 'Not included', 'Included']);
    const buttons = within(table).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Subscribe to Standard', 'Subscribe to Premium']);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(/Purchasing is not available yet\./);
    }
  });
});
