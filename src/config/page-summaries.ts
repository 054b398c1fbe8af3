import { BRAND } from './brand';

/** Each page's one-sentence summary: shown under its heading and used as its meta description,
 *  so search results say what the page says. Not in the landing bundle: pages import it, and the
 *  client's head updater loads it on demand. */
export const PAGE_SUMMARIES = {
  home: 'We design and build websites, apps, SaaS and AI products for ambitious teams — and we run Space, our satellite-internet service.',
  nextGen: 'The next generation of products, built by our engineers in the language your customers speak.',
  company: 'Who we are, our mission, our next-gen work, our partners and careers.',
  contact: 'Questions, projects or support: write to us and a specialist will answer.',
  waitlist: 'Join the waitlist for our open-access research program.',
  preorder: `Be among the first to get ${BRAND.name} Space satellite internet.`,
  spaceTrailer: `Satellite internet from ${BRAND.name}: watch the trailer.`,
  howItWorks: 'From first call to launch in four clear steps.',
  whyChoose: 'Pick the plan that fits your team: dedicated engineers, zero downtime, 24/7/365.',
  difference: 'How we differ from a typical agency: one team, fixed monthly plans, and code you own.',
  thankYou: 'A representative is reviewing your profile and will contact you shortly.',
  socials: 'Our work, our people and Space, on the networks we use.',
  sitemap: 'Every page of the site, grouped.',
  legal: 'Our privacy policy and terms of service.',
  caseStudies: 'Products we have designed, built and launched with our clients.',
  signUp: 'One account for the store, your orders and Space.',
  signIn: 'Welcome back. Sign in to see your dashboard and orders.',
  create: 'Three ways to begin: pick a plan in the store, talk to us, or create an account.',
  enterprise: 'Design, build and launch internal tools with our builder — join the waitlist for early access.',
  powerOfTheMind: 'Ideas become products when the right people think them through together.',
  store: 'Choose a service, then pick the model plan that fits your team.',
} as const;
