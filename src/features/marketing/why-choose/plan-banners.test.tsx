import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BRONZE_BANNER, LARGE_PLAN_BANNERS } from '../content/plan-banners';
import { LargePlanBanner, MiniPlanBanner, monthlyPrice } from './plan-banners';

describe('plan banners', () => {
  it('show each large plan with its catalogue price and a link to its details', () => {
    render(
      <MemoryRouter>
        <ul>
          {LARGE_PLAN_BANNERS.map((banner) => (
            <LargePlanBanner key={banner.plan} banner={banner} />
          ))}
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Earth',
      'Silver',
      'Gold',
      'Diamond Peak',
      'Platinum Unlimited',
    ]);
    for (const price of ['$7,500', '$12,500', '$15,000', '$25,000', '$50,000']) {
      expect(screen.getByText(price)).toBeInTheDocument();
    }
    expect(screen.getByText('14 dedicated engineers')).toBeInTheDocument();
    expect(screen.getByText('10+ projects at a time')).toBeInTheDocument();
    expect(screen.getAllByText('Zero downtime, 24/7/365')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'See the Diamond Peak plan' })).toHaveAttribute(
      'href',
      '/product-details?service=websites&plan=diamond-peak',
    );
  });

  it('price bronze at $10,000 and link mini banners to any plan value', () => {
    expect(monthlyPrice(BRONZE_BANNER)).toBe('$10,000');
    render(
      <MemoryRouter>
        <ul>
          <MiniPlanBanner title="Already a customer?" text="Sign in." plan="sign-in" linkLabel="Sign in to your plan" />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Sign in to your plan' })).toHaveAttribute(
      'href',
      '/product-details?service=websites&plan=sign-in',
    );
  });
});
