/** The four steps from first call to launch: summarised on the home page, told in full on
 *  /how-it-works. */
import type { Step } from './types';

export interface HowItWorksStep extends Step {
  /** The longer account /how-it-works gives. */
  details: readonly string[];
}

export const HOW_IT_WORKS: readonly HowItWorksStep[] = [
  {
    title: 'Tell us what you need',
    summary: 'Send us your idea or book a call. We reply within one business day.',
    details: [
      'Use the contact form or call us. A solutions engineer, not a salesperson, reads every request.',
      'In a 45-minute call we go through your users, your deadline and what you already have: code, designs, a spreadsheet or just an idea.',
      'You get a written summary of the call and an honest opinion on whether we are the right team for it.',
    ],
  },
  {
    title: 'Pick your plan',
    summary: 'Choose a monthly plan sized to your project, from one product to a whole portfolio.',
    details: [
      'Every plan is a fixed monthly price with a dedicated team, so there are no hourly invoices to decode.',
      'Add storage, security hardening or digital marketing when you need them and remove them when you do not.',
      'Pay monthly or yearly; switch plans as the project grows or winds down.',
    ],
  },
  {
    title: 'Meet your team and build',
    summary: 'Your dedicated engineers ship working software every two weeks.',
    details: [
      'Within a week you meet your project lead, designers and engineers, and get access to the shared board and repository.',
      'Every sprint ends with a live demo of working software, not a slide deck.',
      'You own the code and the accounts from day one.',
    ],
  },
  {
    title: 'Launch and grow',
    summary: 'We launch with you, watch it in production and keep improving it.',
    details: [
      'We launch behind feature flags, monitor errors and performance, and stay on call through launch week.',
      'After launch the same team keeps shipping improvements from your analytics and customer feedback.',
      'Every release is covered by our 2-year warranty and 24/7/365 zero-downtime commitment.',
    ],
  },
];
