import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../content/site';
import { RiskDisclosure } from './risk-disclosure';

describe('RiskDisclosure', () => {
  it('names no professional leverage unless the operator configures one', () => {
    const { container } = render(<RiskDisclosure />);
    expect(container.textContent).not.toContain('1:100');
    expect(container.textContent).toContain(
      'depends on the instrument and on whether you are a retail or a professional client',
    );
  });

  it('shows the configured leverage for professionals', () => {
    const content = { ...site, claims: { ...site.claims, professionalLeverage: 100 } };
    const { container } = render(<RiskDisclosure content={content} />);
    expect(container.textContent).toContain(
      'Leverage of up to 1:100 is available to professional traders on some instruments.',
    );
  });
});
