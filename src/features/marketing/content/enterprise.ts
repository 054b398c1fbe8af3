/** The enterprise builder: a drag-and-drop tool for internal tools (docs/decisions/0011-pages-for-unshown-routes.md). */
import type { Feature } from './types';

export const BUILDER_FEATURES: readonly Feature[] = [
  {
    title: 'Drag, drop, done',
    text: 'Tables, forms, charts, maps and approval flows snap onto a canvas. Wire them to your data without writing a front end.',
  },
  {
    title: 'Connects to what you already run',
    text: 'SQL databases, REST and GraphQL APIs, spreadsheets and webhooks, with credentials kept on the server, never in the browser.',
  },
  {
    title: 'Code when you want it',
    text: 'Drop into TypeScript for any query or transformation; every app is versioned in Git and reviewed like the rest of your code.',
  },
  {
    title: 'Enterprise controls',
    text: 'Single sign-on, role-based permissions, audit logs of every change and action, and self-hosting in your own cloud.',
  },
];

export const BUILDER_USE_CASES: readonly string[] = [
  'Customer-support consoles that pull orders, refunds and tickets into one screen',
  'Operations dashboards that replace a dozen spreadsheets',
  'Approval workflows for purchasing, onboarding and expenses',
  'Admin panels for your own product, built in an afternoon',
];
