/** How we differ from a typical agency (docs/decisions/0011-pages-for-unshown-routes.md). */
import type { Feature } from './types';

export interface Comparison {
  topic: string;
  typicalAgency: string;
  us: string;
}

export const COMPARISON: readonly Comparison[] = [
  {
    topic: 'Pricing',
    typicalAgency: 'Hourly rates and change requests that grow the invoice',
    us: 'A fixed monthly plan; add-ons priced up front',
  },
  {
    topic: 'Team',
    typicalAgency: 'Whoever is free this week, shared across clients',
    us: 'Dedicated engineers who stay on your product',
  },
  {
    topic: 'Code ownership',
    typicalAgency: 'Licensed to you, hosted on their accounts',
    us: 'Yours from day one, in your repository and cloud accounts',
  },
  {
    topic: 'Progress',
    typicalAgency: 'Status reports and a big reveal at the end',
    us: 'A live demo of working software every two weeks',
  },
  {
    topic: 'Uptime',
    typicalAgency: 'Best effort during office hours',
    us: 'Zero downtime, 24/7/365',
  },
  {
    topic: 'After launch',
    typicalAgency: 'A new contract for every fix',
    us: 'A 2-year warranty on everything we ship',
  },
];

export const REASONS: readonly Feature[] = [
  {
    title: 'Engineers, not account managers',
    text: 'You talk to the people writing your code. Our project leads are senior engineers who can answer a technical question on the call.',
  },
  {
    title: 'Prices you can plan around',
    text: 'A plan is one monthly figure. Scale up for a launch, scale down afterwards, and never decode a timesheet again.',
  },
  {
    title: 'Built to be handed over',
    text: 'Documented, tested code on mainstream technology, so your own hires can take it over whenever you choose.',
  },
  {
    title: 'Space under the same roof',
    text: 'We run our own satellite-internet service, so we know what it takes to keep software up around the clock — and we build yours the same way.',
  },
];
