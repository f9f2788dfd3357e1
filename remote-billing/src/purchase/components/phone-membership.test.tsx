import { render, screen, within } from '@testing-library/react';
import { BenefitsTable, MembershipCarousel } from './phone-membership';

describe('phone membership tab', () => {
  it('the carousel holds the three AI kinds', () => {
    render(<MembershipCarousel />);
    const carousel = screen.getByLabelText('What a membership makes');
    expect(carousel).toBeTruthy();
    expect(screen.getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3: AI Video', '2 of 3: AI Image', '3 of 3: AI Audio']);
  });

  it('compares free with the selected tier', () => {
    const { rerender } = render(<BenefitsTable tier="PREMIUM" />);
    const premium = screen.getByRole('table', { name: 'Free vs Premium' });
    expect(within(premium).getByText('Credits').closest('tr')).toHaveTextContent('5 free credits500 credits monthly');
    rerender(<BenefitsTable tier="STANDARD" />);
    const standard = screen.getByRole('table', { name: 'Free vs Standard' });
    expect(within(standard).getByText('Video translation').closest('tr')).toHaveTextContent('15 minutes');
  });
});
