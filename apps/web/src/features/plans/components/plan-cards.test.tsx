import { PLANS } from '@brokerdesk/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlanCards } from './plan-cards';

function renderPlans() {
  const router = createMemoryRouter([{ path: '/', element: <PlanCards plans={PLANS} /> }], {
    initialEntries: ['/'],
  });
  return render(<RouterProvider router={router} />);
}

describe('PlanCards', () => {
  it('renders the four weekly and four monthly plans with their figures', () => {
    const { container } = renderPlans();
    const cards = Array.from(container.querySelectorAll<HTMLElement>('.plan-card'));
    expect(cards).toHaveLength(8);
    const basic = cards[0];
    if (!basic) throw new Error('no card');
    expect(within(basic).getByRole('heading', { name: 'Basic' })).toBeTruthy();
    expect(basic.textContent).toContain('$1,000.00');
    expect(basic.textContent).toContain('Deposit bonus10%');
    expect(basic.textContent).toContain('Referral bonus10%');
    expect(basic.textContent).toContain('1 week');
    const platinum = cards[7];
    expect(platinum?.textContent).toContain('$30,000.00');
    expect(platinum?.textContent).toContain('Spreads from1.2');
    expect(platinum?.textContent).toContain('Negative balance protection');
  });

  it('links every Subscribe to the portal packages page', () => {
    renderPlans();
    const links = screen.getAllByRole('link', { name: /^Subscribe to the .+ plan$/ });
    expect(links).toHaveLength(8);
    for (const link of links) expect(link.getAttribute('href')).toBe('/userDashboard/packages');
  });

  it('promises no return anywhere', () => {
    const { container } = renderPlans();
    expect(container.textContent).not.toMatch(/ROI|daily return|% daily|return on/i);
  });
});
