import { describe, expect, it } from 'vitest';
import { TERM_TEXTS } from '@/catalog/term';
import { termsOfService } from './terms-of-service';

const section = (id: string) => {
  const found = termsOfService.sections.find((candidate) => candidate.id === id);
  expect(found, id).toBeDefined();
  return found!.blocks.filter((block): block is string => typeof block === 'string').join(' ');
};

describe('Terms of service: plans and payment', () => {
  it('say the term as checkout and the order card do: 12 months, then it ends unless renewed', () => {
    const plans = section('plans-and-payment');
    expect(plans).toContain('Every plan is bought for a term of 12 months');
    expect(plans).toContain(TERM_TEXTS.summary);
    expect(plans).toContain('If you do nothing, the plan ends at the end of the term and nothing more is charged.');
    expect(plans).not.toContain('until you cancel');
  });

  it('say where tax comes from, how a plan changes, and what a promotion code gives', () => {
    const plans = section('plans-and-payment');
    expect(plans).toContain('where the law requires it');
    expect(plans).toContain('collected at checkout with the billing address');
    expect(plans).toContain('charged or credited pro rata');
    expect(plans).toContain('Promotion codes are entered at checkout.');
    expect(section('acceptance')).toContain('you accept these Terms on the payment page');
  });
});
