import { BRAND } from '@/config/brand';
import { OPEN_CHECKOUT_AT_DELETION } from '@/data/users';
import { privacyPolicyMeta, type LegalDocument } from './legal-documents';

const { name, company, city } = BRAND;

/** The privacy policy shown at /legal/privacy-policy. */
export const privacyPolicy: LegalDocument = {
  meta: privacyPolicyMeta,
  intro: [
    `${company} ("${name}", "we", "us") builds custom software for businesses and runs Space, our satellite-internet service. This policy explains what personal information we collect through our website, store and customer area, why we collect it, who helps us process it, how long we keep it and the choices and rights you have.`,
    'We collect only what we need to run our services, we do not sell your personal information, and we never see or store your full card number.',
  ],
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are and what this policy covers',
      blocks: [
        `${company} is based in ${city}, California, USA, and is the controller of the personal information described here. This policy applies to our website, the store, the signed-in customer area (dashboard, profile settings, orders, payment methods and the developer panel), our contact, waitlist and Space pre-order forms, and the emails we send.`,
        'When we build software for a client, the client decides how that software handles its own users’ data; the client’s privacy notice, not this one, covers that processing.',
      ],
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      blocks: [
        'We collect information you give us, information created when you use our services, and a small amount of technical information.',
      ],
      subsections: [
        {
          title: 'Account information',
          blocks: [
            'When you create an account we collect your first and last name, email address and password. Your password is handled by our identity provider (Firebase Authentication, operated by Google) and is stored only as a salted hash; we never see it. We also record whether your email address has been verified.',
          ],
        },
        {
          title: 'Profile information',
          blocks: [
            'At sign-up or later in Profile Settings you may give us your country, date of birth, phone number, postal address, your preferred verification method (text or call) and whether you want to receive announcements and news about apps, music and TV. You can change both choices at any time in Profile Settings. We use your date of birth to verify your age.',
          ],
        },
        {
          title: 'Orders and payments',
          blocks: [
            'When you configure a plan we record the service, plan, billing period, add-ons (storage, security, marketing), any trade-in details you give us, the amount and the order’s payment status.',
            'Payments are processed by Stripe, Inc. You enter your card details on Stripe’s hosted checkout page, not on our site. We never see or store your full card number, security code or expiry date; Stripe gives us a checkout session identifier, the payment status and, where relevant, the last four digits and brand of the card.',
          ],
        },
        {
          title: 'Forms you send us',
          blocks: [
            'Our contact and support form collects your name, email address, phone number, city and message. The open-access waitlist and the Space pre-order list collect your full name and email address. We store each submission in our database before we act on it, so that no request is lost.',
          ],
        },
        {
          title: 'Email',
          blocks: [
            'We use EmailJS to deliver form submissions to our team and to send you confirmations and messages about your account and orders. EmailJS receives the message and your email address for that purpose only. Address verification, password reset and email change links are sent by Firebase Authentication.',
            'Every email that is not about your account or an order, such as a waitlist or pre-order confirmation, ends with a one-click unsubscribe link (see "Your rights and choices").',
          ],
        },
        {
          title: 'Technical information',
          blocks: [
            'Our hosting provider and Firebase record standard technical data when you use the site: IP address, browser type, device and operating system, pages requested, dates and times, and error reports. We use it to keep the service secure and working.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How we use your information',
      blocks: [
        'We use personal information to:',
        {
          list: [
            'create and secure your account, verify your email address and keep you signed in;',
            'take and fulfil orders, process payments through Stripe and keep accounting records;',
            'answer your questions, contact you about a project or a trade-in, and run the waitlist and the Space beta program;',
            'send service messages (order confirmations, security notices, changes to these policies);',
            'send announcements and news, only if you opted in; you can opt out at any time;',
            'protect our services, detect fraud and abuse, and fix errors;',
            'comply with our legal obligations and enforce our terms.',
          ],
        },
        'We do not use your information for automated decisions that have legal or similarly significant effects on you, and we do not build advertising profiles.',
      ],
    },
    {
      id: 'sharing',
      title: 'How we share information',
      blocks: [
        'We share personal information only with the service providers that run parts of our service on our behalf, under contracts that limit their use of it to that purpose:',
        {
          list: [
            'Google (Firebase Authentication, Realtime Database, Cloud Functions and Hosting): accounts, profiles, orders and form submissions;',
            'Stripe, Inc.: payments and checkout;',
            'EmailJS: delivery of form submissions and confirmation emails.',
          ],
        },
        'We may also disclose information when the law requires it, to protect the rights, safety or property of our customers, the public or us, or as part of a merger, acquisition or sale of assets, in which case the new owner will be bound by this policy.',
        'We do not sell personal information and we do not share it for cross-context behavioral advertising.',
      ],
    },
    {
      id: 'cookies-and-local-storage',
      title: 'Cookies and local storage',
      blocks: [
        'We do not use advertising or third-party tracking cookies. The site stores a few items in your browser because it cannot work without them:',
        {
          list: [
            'your sign-in session, kept by Firebase Authentication in your browser’s IndexedDB or local storage so that you stay signed in between visits;',
            'your user identifier, kept in local storage while you are signed in and removed when you sign out.',
          ],
        },
        'Stripe’s checkout page sets its own cookies on Stripe’s domain to prevent fraud; Stripe’s privacy policy applies to them. You can clear local storage and cookies in your browser settings at any time; you will then be signed out.',
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      blocks: [
        'We keep personal information only as long as we need it for the purposes above:',
        {
          list: [
            'account and profile information: while your account is open; deleted when you delete your account (see "Deleting your account");',
            'orders, invoices and payment records: as long as tax and accounting law requires, up to 10 years; once you delete your account, without your user ID or email address;',
            'contact, waitlist and pre-order submissions: 24 months after your last contact with us, or until you ask us to delete them;',
            'server and security logs: up to 90 days, unless needed to investigate an incident.',
          ],
        },
        'When the period ends we delete the information or make it anonymous.',
      ],
    },
    {
      id: 'deleting-your-account',
      title: 'Deleting your account',
      blocks: [
        'You can delete your account yourself in Profile Settings: you enter your password again and type DELETE to confirm. It happens at once, and we send a confirmation to your email address. When you delete your account:',
        {
          list: [
            'every active plan is canceled at once, so nothing more is charged; the current billing period is not refunded automatically (contact us to ask for a refund);',
            'we delete your sign-in (email address and password), your profile (name, email address, phone number, postal address, country, date of birth, verification method and marketing choices), the summary of your card on file (brand, last four digits and expiry), the link between your account and your customer record at Stripe, and any order links we emailed you;',
            'we keep each order’s accounting record (service, plan, add-ons, trade-in platform, amounts, billing period, dates, Stripe identifiers, invoices, refunds and payment status) without your user ID or email address, for as long as tax and accounting law requires, up to 10 years;',
            'Stripe keeps your customer record and its invoices, which show the name, email address and billing address given at checkout, and your card’s brand, last four digits and expiry, for as long as the law requires, up to 10 years; only our staff can see them, in Stripe: nothing of your orders can be opened through our site any more (the order confirmation page, order links in our emails and the addresses in your data export show, add or manage no order);',
            'forms you sent us (contact, waitlist, pre-order) are kept as "How long we keep information" says, unless you ask us to delete them;',
            'if you unsubscribed from our emails, we keep a one-way hash of your email address, so that those emails stay off.',
          ],
        },
        `${OPEN_CHECKOUT_AT_DELETION} From the moment you confirm, your account can start no new checkout, and any other device signed in to it is signed out within the hour.`,
        'We also keep a note that an account was deleted and when, under a one-way hash of its user ID, with nothing else about you.',
      ],
    },
    {
      id: 'a-copy-of-your-data',
      title: 'A copy of your data',
      blocks: [
        '"Download my data" in Profile Settings gives you a file in JSON, a format other services can read, with:',
        {
          list: [
            'your account: email address, whether it is verified and when the account was created;',
            'your profile as stored, and your two marketing choices;',
            'the summary of your card on file (brand, last four digits and expiry; never the full number);',
            'every order of your account with its plan, add-ons, amounts, dates, subscription state, invoices (number, amounts, status and links to Stripe’s copy) and refunds;',
            'the contact, waitlist and pre-order forms sent with your account’s verified email address, and where each request stands.',
          ],
        },
        'You can download it up to 20 times a day. What only Stripe holds, such as your billing address, is not in the file: you see it in the billing portal, or ask us.',
      ],
    },
    {
      id: 'security',
      title: 'How we protect information',
      blocks: [
        'All traffic to our site is encrypted with TLS. Access to the database is enforced by security rules that let each customer read only their own profile and orders, form submissions cannot be read from the browser at all, and only our cloud functions can create or settle orders. Our staff’s access is limited to those who need it and protected by multi-factor authentication.',
        'No system is perfectly secure. If a breach affects your personal information we will notify you and the authorities as the law requires.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights and choices',
      blocks: [
        'Wherever you live, you can:',
        {
          list: [
            'see and correct your name, email address, phone number, address and password in Profile Settings; a new email address takes effect when you open the link we send to it;',
            'turn your two marketing choices (announcements; news about apps, music and TV) on or off at any time in Profile Settings;',
            'unsubscribe with the one-click link at the end of any email that is not about your account or an order, without signing in: it turns those emails off for your address, and the matching choices of an account with that address, and works for 90 days after the email was sent; or write to us;',
            'download a copy of your data in Profile Settings (see "A copy of your data"), or ask us for a copy of anything else we hold about you;',
            'delete your account yourself in Profile Settings (see "Deleting your account"), or ask us to delete other personal information, subject to the records we must keep by law.',
          ],
        },
        'We answer requests within 30 days. We may need to verify your identity first, usually by asking you to write from the email address on your account.',
      ],
    },
    {
      id: 'california',
      title: 'California privacy rights (CCPA)',
      blocks: [
        'If you are a California resident, the California Consumer Privacy Act as amended by the California Privacy Rights Act (together, the "CCPA") gives you the following rights:',
        {
          list: [
            'Right to know: the categories and specific pieces of personal information we collected about you, the sources, our purposes and the categories of recipients;',
            'Right to delete personal information we collected from you, subject to legal exceptions;',
            'Right to correct inaccurate personal information;',
            'Right to opt out of the sale or sharing of personal information: we do not sell or share personal information, and have not done so in the past 12 months;',
            'Right to limit the use of sensitive personal information: we use account credentials only to let you sign in, which the CCPA permits;',
            'Right not to be discriminated against for exercising these rights.',
          ],
        },
        'In the past 12 months we collected identifiers (name, email, phone, postal address, account ID), customer records and commercial information (orders and plans), internet activity (technical logs) and the date of birth you gave for age verification, from you and from your use of our services, for the purposes listed in section 3, and disclosed them to the service providers listed in section 4.',
        'You may exercise these rights yourself or through an authorized agent, by email. Under California’s "Shine the Light" law you may also ask which personal information, if any, we disclosed to third parties for their direct marketing; our answer is none.',
      ],
    },
    {
      id: 'gdpr',
      title: 'Rights in the EEA, the UK and Switzerland (GDPR)',
      blocks: [
        'If you are in the European Economic Area, the United Kingdom or Switzerland, we process your personal information on these legal bases: to perform our contract with you (account, orders, project work), our legitimate interests (security, fraud prevention, improving our services, answering enquiries), your consent (announcements and news, which you may withdraw at any time) and our legal obligations (tax and accounting records).',
        'You have the right to access, correct, erase, restrict or object to the processing of your personal information and the right to data portability. You may also complain to your local data protection authority.',
        'We and our service providers process information in the United States. Where the law requires it, transfers are covered by the EU-U.S. Data Privacy Framework or the European Commission’s Standard Contractual Clauses.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: [
        'Our services are meant for adults and businesses. We do not knowingly collect personal information from children under 16. If you believe a child has given us personal information, contact us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        'We may update this policy as our services or the law change. The date at the top shows when it last changed. If a change is significant we will tell you by email or with a notice in the customer area before it takes effect.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: ['Questions about this policy, or a request about your personal information? Write to us:', { contact: 'support' }],
    },
  ],
};
