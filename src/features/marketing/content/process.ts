/** The six-step execution process every project follows (docs/product.md#marketing-content). */
import type { Step } from './types';

export const EXECUTION_PROCESS: readonly Step[] = [
  {
    title: 'Discover',
    summary: 'Workshops with your team to pin down the users, the problem and what success looks like.',
  },
  {
    title: 'Plan',
    summary: 'A scoped roadmap, a fixed monthly plan and a release schedule you can hold us to.',
  },
  {
    title: 'Design',
    summary: 'Wireframes, then an interactive prototype tested with real users before any code is written.',
  },
  {
    title: 'Build',
    summary: 'Two-week sprints with a working demo at the end of each, on infrastructure you own.',
  },
  {
    title: 'Test',
    summary: 'Automated tests, accessibility and security reviews, and load tests before every release.',
  },
  {
    title: 'Launch & support',
    summary: 'A monitored launch, then 24/7/365 support and a 2-year warranty on the code we ship.',
  },
];
