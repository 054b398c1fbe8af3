import { TERM_MONTHS } from '@/catalog/subscription';
import { TERM_TEXTS } from '@/catalog/term';
import { BRAND } from '@/config/brand';
import { termsOfServiceMeta, type LegalDocument } from './legal-documents';

const { name, company, city } = BRAND;

/** The terms of service shown at /legal/terms-of-service. The claim limit, liability cap and
 *  dispute-resolution period are the figures of docs/product.md#legal-terms; the term of a plan is
 *  docs/decisions/0115-the-term-ends-unless-renewed.md's. */
export const termsOfService: LegalDocument = {
  meta: termsOfServiceMeta,
  intro: [
    `These terms of service ("Terms") are an agreement between you and ${company} ("${name}", "we", "us"), a company based in ${city}, California. They apply when you visit our website, create an account, buy a plan, join the waitlist or the Space beta program, or work with our engineers.`,
    'Please read them carefully: section 13 limits the time you have to bring a claim, section 12 caps our liability, and section 14 requires informal negotiation and then arbitration of disputes. The non-disclosure terms in section 18 protect both sides’ confidential information.',
  ],
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of these terms',
      blocks: [
        'By using our services you accept these Terms and our privacy policy. If you use them for a business, you accept these Terms on its behalf and confirm that you have authority to do so; "you" then means that business.',
        'When you buy a plan, you accept these Terms on the payment page, before you pay.',
        'A signed statement of work or master services agreement with us takes precedence over these Terms where the two conflict.',
      ],
    },
    {
      id: 'services',
      title: 'Our services',
      blocks: [
        `${name} designs and builds websites, mobile apps, custom software and SaaS, e-commerce stores, artificial-intelligence and blockchain solutions, virtual-reality and wearable apps and device integrations, and provides search-engine optimization. We also operate Space, a satellite-internet service currently offered as a beta program.`,
        'We may change, add or remove features of the site and the customer area. Features marked "coming" are not yet part of the service.',
      ],
    },
    {
      id: 'accounts',
      title: 'Eligibility and accounts',
      blocks: [
        'You must be at least 18 years old and able to form a binding contract to create an account or buy a plan. The information you give us must be accurate and kept up to date.',
        'You are responsible for keeping your password confidential and for all activity under your account. Tell us at once if you suspect unauthorized use. We may suspend an account that breaches these Terms or puts our services or other customers at risk.',
      ],
    },
    {
      id: 'plans-and-payment',
      title: 'Plans, fees and payment',
      blocks: [
        'Each plan states its engineering team, project capacity, infrastructure and price. Prices are in US dollars and exclude taxes. Optional add-ons (additional storage, security and digital marketing) are added to the plan price.',
        'We add sales tax, VAT or similar taxes where the law requires it. They are collected at checkout with the billing address you give there (and your tax ID, if you give one), and every invoice shows them.',
        `Every plan is bought for a term of ${TERM_MONTHS} months, billed in advance through Stripe: monthly (${TERM_MONTHS} payments) or yearly (one payment). By subscribing you authorize us and Stripe to charge your payment method at the start of each billing period of the term. ${TERM_TEXTS.summary} If you do nothing, the plan ends at the end of the term and nothing more is charged. Pay-as-you-go engagements are quoted and invoiced separately.`,
        'During a term you may change to another plan of the same service, change the billing period or switch add-ons on or off. The change takes effect at once; the difference for the rest of the current billing period is charged or credited pro rata, and we show it before you confirm.',
        'You may cancel at any time in writing; cancellation takes effect at the end of the current billing period and fees already paid are not refundable, except where the law requires otherwise or we fail to provide the service. Trade-in credits are applied to your first invoice after we confirm the trade-in and have no cash value.',
        'Promotion codes are entered at checkout. A code gives the discount stated with it (for example, on the first invoice only), has no cash value and may end before you use it.',
        'We may change plan prices for future billing periods with at least 30 days’ notice.',
      ],
    },
    {
      id: 'project-work',
      title: 'Project work and acceptance',
      blocks: [
        'For each project we agree a scope, milestones and acceptance criteria with you. You agree to give us timely access to the people, content, accounts and decisions the work needs; delays on your side move our delivery dates.',
        'You have 10 business days after a milestone is delivered to test it against the acceptance criteria and report any failure in writing. We will fix reported failures at no extra cost. A milestone is accepted when that period passes without a report or when you put it into production use.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      blocks: [
        'Once you have paid in full for a deliverable, you own the custom code, designs and content we create specifically for you. We keep ownership of our pre-existing tools, libraries, templates and know-how, and grant you a perpetual, non-exclusive, royalty-free licence to use those parts as embedded in your deliverable.',
        'Open-source components remain under their own licences, which we list for each project. You grant us a licence to use the materials you provide solely to perform the work. Unless you tell us otherwise in writing, we may name you as a client and describe the project in general terms, without revealing confidential information.',
        `The ${name} name, logo, site content and software remain ours. You may not copy, modify or redistribute them except as these Terms allow.`,
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      blocks: [
        'You agree not to:',
        {
          list: [
            'use our services for anything unlawful, fraudulent or harmful, or to infringe anyone’s rights;',
            'try to gain unauthorized access to our systems, other accounts or data, or probe, scan or test their vulnerability without our written permission;',
            'interfere with or overload the services, or upload malicious code;',
            'resell the services or give others access to your account without our consent;',
            'use the Space network to send spam, distribute malware or attack other networks.',
          ],
        },
      ],
    },
    {
      id: 'space-beta',
      title: 'Space beta program',
      blocks: [
        'Space is offered as a beta. Pre-ordering or joining the waitlist does not guarantee a place; we send a beta-tester pass once you are approved. Beta service may be interrupted, limited in coverage or changed without notice, and is provided without the service levels of our paid plans.',
        'Equipment, coverage and pricing for general availability will be set out in separate terms before you are charged anything.',
      ],
    },
    {
      id: 'third-party-services',
      title: 'Third-party services',
      blocks: [
        'Our services rely on third parties, including Google Firebase for hosting, sign-in and data, Stripe for payments and EmailJS for email. Their own terms apply to your use of their services, and we are not responsible for them. Links to other websites are provided for convenience only.',
      ],
    },
    {
      id: 'warranty',
      title: 'Warranty',
      blocks: [
        'We warrant that we will perform our services with reasonable skill and care, and that each accepted deliverable will materially conform to its acceptance criteria for 2 years after acceptance. If it does not, your remedy is that we correct the non-conformity at no charge or, if we cannot, refund the fees paid for that deliverable.',
        'The warranty does not cover problems caused by changes made by anyone other than us, by hosting or third-party services we do not operate, or by use contrary to our documentation.',
      ],
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      blocks: [
        'Except for the warranty in section 10, our services are provided "as is" and "as available". To the fullest extent the law permits, we disclaim all other warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement. We aim for zero downtime but do not promise that the services will be uninterrupted or error-free.',
      ],
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of liability',
      blocks: [
        'To the fullest extent the law permits, neither party is liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, data or goodwill, even if told they were possible.',
        'Our total liability for all claims arising out of or relating to these Terms or our services is limited to the greater of (a) one third (1/3) of the fees you paid us in the six (6) months before the event giving rise to the claim, or (b) US$100.',
        'These limits do not apply to liability that cannot be limited by law, such as for fraud, gross negligence or wilful misconduct, or to breaches of the non-disclosure terms in section 18.',
      ],
    },
    {
      id: 'claim-limit',
      title: 'Time limit for claims',
      blocks: [
        'Any claim or cause of action arising out of or relating to these Terms or our services must be brought within 1 year (one year) after it arises. A claim not brought within that year is permanently barred, to the extent the law permits.',
      ],
    },
    {
      id: 'dispute-resolution',
      title: 'Dispute resolution',
      blocks: [
        'Most disagreements can be settled by talking. Before starting arbitration or a court case, the party with the dispute must send the other a written notice describing it and the remedy sought. The parties will then try in good faith to resolve it through informal negotiation for 30 days from the date the notice is received.',
        `If the dispute is not resolved within those 30 days, either party may submit it to binding arbitration administered by the American Arbitration Association under its Commercial Arbitration Rules, before a single arbitrator, in ${city}, California. Either party may instead bring an individual claim in small-claims court, and either party may ask a court for urgent injunctive relief to protect its intellectual property or confidential information.`,
        'Disputes will be resolved individually: neither party may bring or join a class or representative action. The time limit in section 13 is not extended by the negotiation period.',
      ],
    },
    {
      id: 'termination',
      title: 'Termination',
      blocks: [
        'You may close your account at any time. We may suspend or terminate your access if you materially breach these Terms and do not cure the breach within 15 days of our notice, or immediately where needed to protect our services or others.',
        'On termination you must pay fees due for work performed up to that date. Sections on intellectual property, limitation of liability, the time limit for claims, dispute resolution and non-disclosure survive termination.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing law and general terms',
      blocks: [
        `These Terms are governed by the laws of the State of California and the federal laws of the United States, without regard to conflict-of-law rules. Subject to section 14, the state and federal courts in ${city} County, California have exclusive jurisdiction.`,
        'If any provision is found unenforceable, the rest remains in effect. Our failure to enforce a provision is not a waiver. You may not assign these Terms without our consent; we may assign them in connection with a merger or sale of our business. Neither party is liable for delays caused by events beyond its reasonable control.',
        'We may update these Terms. The date at the top shows the latest version; significant changes take effect 30 days after we notify you, and continuing to use the services after that means you accept them.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: ['Questions about these Terms? Write to us:', { contact: 'support' }],
    },
    {
      id: 'non-disclosure',
      title: 'Non-disclosure agreement (NDA)',
      blocks: [
        'The following mutual non-disclosure terms apply to every project, quote and conversation between you and us, whether or not a separate NDA is signed. Where a separate NDA is signed, the stricter terms apply.',
      ],
      subsections: [
        {
          title: 'Confidential information',
          blocks: [
            '"Confidential information" means any non-public information one party (the "discloser") gives the other (the "recipient"), in any form, that is marked confidential or that a reasonable person would understand to be confidential, including business plans, product ideas, designs, source code, data, credentials, customer lists, pricing and the terms of any quote.',
          ],
        },
        {
          title: 'Obligations',
          blocks: [
            'The recipient will use confidential information only to evaluate or perform the work, will protect it with at least the care it uses for its own confidential information and never less than reasonable care, and will share it only with its employees and contractors who need to know it and are bound by confidentiality duties at least as strict as these.',
          ],
        },
        {
          title: 'Exclusions',
          blocks: [
            'These obligations do not apply to information that is or becomes public through no fault of the recipient, that the recipient already knew or developed independently without using the discloser’s information, or that it lawfully received from a third party without a duty of confidentiality. The recipient may disclose information when required by law or court order, after giving the discloser prompt notice where lawful.',
          ],
        },
        {
          title: 'Duration and return of information',
          blocks: [
            'These obligations last for 3 years after the end of our relationship, and for as long as the information remains a trade secret in the case of trade secrets, source code and credentials. On request, the recipient will return or destroy the discloser’s confidential information, except copies kept in routine backups or required by law, which stay protected by these terms.',
          ],
        },
        {
          title: 'Remedies',
          blocks: [
            'Unauthorized disclosure may cause harm that money alone cannot repair, so the discloser may seek an injunction in addition to any other remedy, without posting a bond.',
          ],
        },
      ],
    },
  ],
};
