import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import type { CaseStudySlug } from '@/config/paths';
import { CASE_STUDY_NAMES } from './case-study-titles';
import amgMercedesCover from './images/amg-mercedes-cover.svg?no-inline';
import amgMercedesConfigurator from './images/amg-mercedes-configurator.svg?no-inline';
import auroraMailCover from './images/aurora-mail-cover.svg?no-inline';
import auroraMailInbox from './images/aurora-mail-inbox.svg?no-inline';
import cashcatCover from './images/cashcat-streaming-cover.svg?no-inline';
import cashcatStudio from './images/cashcat-streaming-studio.svg?no-inline';
import charmCover from './images/charm-cover.svg?no-inline';
import charmBuilder from './images/charm-builder.svg?no-inline';
import physicalTherapyCover from './images/physical-therapy-cover.svg?no-inline';
import physicalTherapyPlan from './images/physical-therapy-plan.svg?no-inline';
import tidewaterCover from './images/tidewater-surf-cover.svg?no-inline';
import vmCrystalwareCover from './images/vmcrystalware-cover.svg?no-inline';
import vmCrystalwareViewer from './images/vmcrystalware-viewer.svg?no-inline';

/** An illustration of ours, in the site's one style (flat shapes with a hard depth slab, one
 *  stroke weight, the brand palette). Every artwork has the same 16:10 canvas, so the width/height
 *  attributes reserve its space before it loads. The files are imported `?no-inline`: each is its
 *  own cacheable request that lazy loading can skip, never a data URI inside the page's script. */
export interface CaseStudyImage {
  src: string;
  /** What the picture shows, for screen readers. */
  alt: string;
  width: number;
  height: number;
}

export type CaseStudyBlock =
  { kind: 'text'; heading: string; paragraphs: readonly string[] } | { kind: 'image'; image: CaseStudyImage; caption: string };

/** A result: a figure as it is written (`+27%`), or a rating out of RATING_SCALE, which the page
 *  shows with a star and reads out as a rating. */
export type CaseStudyMetric = { value: string; label: string } | { rating: number; label: string };

/** The stars a rating is out of (the app stores'). */
export const RATING_SCALE = 5;

export interface CaseStudy {
  slug: CaseStudySlug;
  /** The page's h1 and the card title. */
  name: string;
  client: string;
  industry: string;
  services: readonly string[];
  year: string;
  /** One line for the index card and the page intro. */
  summary: string;
  /** The short label above the headline. */
  topline: string;
  headline: string;
  intro: readonly string[];
  cover: CaseStudyImage;
  blocks: readonly CaseStudyBlock[];
  outcomes: readonly CaseStudyMetric[];
  /** A live demo of the product on the client's site. */
  demo?: { href: string; label: string };
}

/** A client product shown on the index that links straight to the live site. */
export interface ExternalShowcase {
  name: string;
  industry: string;
  summary: string;
  cover: CaseStudyImage;
  href: string;
  linkLabel: string;
}

const art = (src: string, alt: string): CaseStudyImage => ({ src, alt, width: 1200, height: 750 });

/** What a study says, step by step: the client's problem, what we built (a paragraph or two), a
 *  picture of it with its caption, and what came of it. */
interface Story {
  challenge: string;
  built: readonly string[];
  shot: { src: string; alt: string; caption: string };
  result: string;
}

/** Every study tells its story in the same four steps under the same headings, so that the
 *  headings and their order are written once
 *  (docs/decisions/0031-case-studies-and-legal-texts-are-data.md#addendum-2026-11-29-one-story-shape). */
function story({ challenge, built, shot, result }: Story): CaseStudyBlock[] {
  return [
    { kind: 'text', heading: 'The challenge', paragraphs: [challenge] },
    { kind: 'text', heading: 'What we built', paragraphs: built },
    { kind: 'image', image: art(shot.src, shot.alt), caption: shot.caption },
    { kind: 'text', heading: 'The result', paragraphs: [result] },
  ];
}

export const CASE_STUDIES: readonly CaseStudy[] = [
  {
    slug: 'amg-mercedes',
    name: CASE_STUDY_NAMES['amg-mercedes'],
    client: 'Pacific Coast Performance Group',
    industry: 'Automotive retail',
    services: ['Web app', 'Custom software', 'Inventory integration'],
    year: '2025',
    summary: 'A performance-car configurator and test-drive booking platform for twelve Mercedes-AMG showrooms.',
    topline: 'Automotive · Web platform',
    headline: 'From brochure site to a showroom that sells around the clock',
    intro: [
      'Pacific Coast Performance Group runs twelve Mercedes-AMG showrooms across California and Arizona. Their old website was a brochure: buyers could look at photos, but to price a car, check stock or book a test drive they had to phone a showroom during opening hours.',
      `The group asked ${BRAND.name} for a site that would let a buyer build the exact car they want, see whether it is in stock nearby, and book a drive in the same visit.`,
    ],
    cover: art(
      amgMercedesCover,
      'Illustration: a white performance coupé on a night-blue road with amber lane marks and speed lines, beside a lap-time gauge reading 1:52.',
    ),
    blocks: story({
      challenge:
        'Each showroom kept its stock in a different dealer-management system, prices changed weekly, and option packages depend on each other in ways a simple form cannot express. The marketing team also needed to run model launches without waiting for a developer.',
      built: [
        'A fast React configurator driven by a rules engine that knows which paint, wheel, interior and performance packages fit together, with live pricing including tax and registration for the buyer’s ZIP code.',
        'A nightly and on-demand sync from all twelve dealer systems into one inventory service, so every configuration shows matching cars in stock, the nearest showroom and the earliest test-drive slot. Sales staff get the booking, the configuration and the buyer’s trade-in details in their CRM before the buyer arrives.',
      ],
      shot: {
        src: amgMercedesConfigurator,
        alt: 'Mock-up of the configurator: a coupé preview, five paint swatches, two wheel choices, a running total of $148,900 and a "Book a test drive" button.',
        caption: 'The configurator prices every option combination live and shows matching stock nearby.',
      },
      result:
        'Buyers now arrive at the showroom with a configuration and a time slot. Test-drive bookings rose by 41% in the first quarter, and a third of them are made outside opening hours. Launch pages are now built by the marketing team from ready-made blocks.',
    }),
    outcomes: [
      { value: '+41%', label: 'test-drive bookings in the first quarter' },
      { value: '12', label: 'dealer systems synced into one inventory' },
      { value: '0.9 s', label: 'largest contentful paint on mobile, down from 3.8 s' },
    ],
  },
  {
    slug: 'charm',
    name: CASE_STUDY_NAMES.charm,
    client: 'Charm Jewelry Co.',
    industry: 'E-commerce',
    services: ['Mobile app', 'E-commerce', 'Augmented reality'],
    year: '2024',
    summary: 'An iOS and Android app where shoppers design a charm bracelet piece by piece and try it on in AR.',
    topline: 'Retail · Mobile commerce',
    headline: 'A bracelet builder that turned browsers into designers',
    intro: [
      'Charm sells personalised charm bracelets online. Most shoppers abandoned their cart because they could not picture how the charms they picked would look together on a wrist.',
      `${BRAND.name} designed and built a native-quality mobile app where every bracelet is composed visually, link by link, and can be tried on through the phone’s camera before checkout.`,
    ],
    cover: art(
      charmCover,
      'Illustration: a chain bracelet of amber and white links with heart, star and moon charms, on a night-blue background.',
    ),
    blocks: story({
      challenge:
        'Charm’s catalogue has more than 600 charms in four metals, and a bracelet holds up to eighteen of them. The existing store showed each charm as a separate product photo, so the finished piece only existed in the shopper’s imagination.',
      built: [
        'A cross-platform app with a drag-and-drop bracelet builder rendered in real time, a camera try-on that tracks the wrist, saved designs that can be shared as a link, and gift checkout with engraving and delivery-date selection.',
        'The app runs on the same product catalogue and order system as the website, so stock, prices and promotions are managed in one place.',
      ],
      shot: {
        src: charmBuilder,
        alt: 'Mock-up of the bracelet builder on a phone: a bracelet with charms, a tray of charms to drag onto it, a star charm being dragged in, and a total of $186.',
        caption: 'Shoppers drag charms onto the chain and see the price update as they go.',
      },
      result:
        'Within six months the app carried 38% of Charm’s revenue. Shoppers who use the try-on buy more charms per bracelet, and shared designs have become the brand’s best source of new customers.',
    }),
    outcomes: [
      { value: '+27%', label: 'conversion rate compared with the mobile website' },
      { value: '+18%', label: 'average order value' },
      { rating: 4.8, label: 'average rating across both app stores' },
    ],
  },
  {
    slug: 'vmcrystalware',
    name: CASE_STUDY_NAMES.vmcrystalware,
    client: 'VM Crystalware',
    industry: 'Manufacturing & e-commerce',
    services: ['E-commerce', 'Web app', '3D product viewer'],
    year: '2025',
    summary: 'A storefront and wholesale portal for a crystal glassware maker, with every piece viewable in 3D.',
    topline: 'Manufacturing · E-commerce',
    headline: 'Letting buyers hold a crystal glass before it ships',
    intro: [
      'VM Crystalware hand-cuts crystal glassware and sells it to restaurants, hotels and collectors. Photographs never did the cuts justice, and wholesale customers still ordered by email and spreadsheet.',
      `${BRAND.name} built one platform for both: a consumer store with an interactive 3D viewer and a wholesale portal with account pricing and repeat orders. A live demo of the store is online.`,
    ],
    cover: art(
      vmCrystalwareCover,
      'Illustration: a faceted crystal wine glass splitting a beam of white light into a fan of amber, white and blue rays, on a night-blue background.',
    ),
    blocks: story({
      challenge:
        'Crystal is about light: the value of a piece is in how its facets catch it. VM Crystalware needed product pages that show this on any phone, plus a way for 400 wholesale accounts to order cases of glasses at their negotiated prices without calling the office.',
      built: [
        'A headless storefront with a WebGL viewer that renders each glass with real refraction; buyers rotate it, zoom into the cuts and change the lighting between a dining room and a bar. Models are compressed so a piece loads in under two seconds on a mobile connection.',
        'Behind a sign-in, wholesale customers see their own price lists, reorder from past invoices, track production of custom engravings and download spec sheets. Orders flow straight into the factory’s production planning.',
      ],
      shot: {
        src: vmCrystalwareViewer,
        alt: 'Mock-up of the product page: a rotating 3D view of a faceted tumbler with lighting presets "Dining" and "Bar", and a wholesale price of $42 a piece in cases of 24.',
        caption: 'The 3D viewer with lighting presets, and wholesale case pricing for signed-in accounts.',
      },
      result:
        'Returns fell by a third because buyers know what they are getting, and most wholesale orders are now placed online, freeing the sales team to look after new accounts.',
    }),
    outcomes: [
      { value: '−34%', label: 'product returns' },
      { value: '82%', label: 'of wholesale orders placed online' },
      { value: '1.8 s', label: 'median time to an interactive 3D model on mobile' },
    ],
    demo: { href: externalLinks.vmCrystalwareDemo, label: 'View the live demo' },
  },
  {
    slug: 'aurora-mail',
    name: CASE_STUDY_NAMES['aurora-mail'],
    client: 'Aurora Mail, Inc.',
    industry: 'SaaS · Communications',
    services: ['SaaS', 'Web app', 'Mobile app', 'Security'],
    year: '2024',
    summary: 'An end-to-end encrypted email service, built from first prototype to 250,000 mailboxes.',
    topline: 'SaaS · Privacy',
    headline: 'Private email that feels as quick as the big providers',
    intro: [
      'Aurora Mail’s founders wanted an email service where messages are encrypted on the sender’s device and only the recipient can read them, without the clumsy key management that keeps most people away from encrypted mail.',
      `${BRAND.name} was the engineering team from the first prototype to launch and beyond: web client, iOS and Android apps, and the mail infrastructure behind them.`,
    ],
    cover: art(auroraMailCover, 'Illustration: an envelope sealed with an amber padlock under bands of aurora light in a night sky.'),
    blocks: story({
      challenge:
        'Encryption on the device means the server cannot search, sort or filter mail for the user. Aurora still had to offer instant search, spam filtering and a fast inbox, and to talk to ordinary email users who have never heard of encryption.',
      built: [
        'A web and mobile client that encrypts and decrypts on the device, with keys created and backed up automatically at sign-up. Search runs on an encrypted local index; spam filtering runs on the device with a model we trained on public data.',
        'Messages to people outside Aurora are sent as a password-protected link or, when the recipient has a public key, as standard OpenPGP mail. The infrastructure runs in two regions with automatic failover.',
      ],
      shot: {
        src: auroraMailInbox,
        alt: 'Mock-up of the Aurora Mail inbox: a folder list, five messages each marked with a lock icon, and an open message labelled "End-to-end encrypted".',
        caption: 'Every message is encrypted on the device; the lock shows it at a glance.',
      },
      result:
        'Aurora Mail passed an independent security audit before launch, reached 250,000 mailboxes in its first year and now runs a paid business plan on the same platform.',
    }),
    outcomes: [
      { value: '250,000', label: 'mailboxes in the first year' },
      { value: '99.99%', label: 'uptime across two regions' },
      { value: '120 ms', label: 'median search time over 10,000 messages' },
    ],
  },
  {
    slug: 'physical-therapy',
    name: CASE_STUDY_NAMES['physical-therapy'],
    client: 'Harbor Physical Therapy',
    industry: 'Healthcare',
    services: ['Mobile app', 'Web app', 'Video', 'HIPAA compliance'],
    year: '2025',
    summary: 'A patient app with guided home-exercise videos, progress tracking and booking for a 9-clinic practice.',
    topline: 'Healthcare · Patient experience',
    headline: 'Helping patients keep up their exercises between visits',
    intro: [
      `Harbor Physical Therapy treats about 3,000 patients a month across nine clinics in ${BRAND.city} County. Therapists handed out paper exercise sheets, and most patients stopped doing their exercises after the first week.`,
      `${BRAND.name} built a patient app and a therapist console that put each patient’s plan, videos and appointments in one place, with the privacy safeguards health data requires.`,
    ],
    cover: art(
      physicalTherapyCover,
      'Illustration: a phone playing an exercise video with a checklist, beside an 80% progress ring, a calendar, an exercise mat and a kettlebell.',
    ),
    blocks: story({
      challenge:
        'Therapists needed to assign exercises in seconds during a visit, patients needed clear instructions at home, and the practice needed to know who was falling behind, all while meeting HIPAA requirements for protected health information.',
      built: [
        'A therapist console with a library of 450 filmed exercises: a therapist builds a plan with sets, repetitions and notes and sends it to the patient’s phone before they leave the room. Patients follow each exercise with a video, log pain and effort, and get gentle reminders.',
        'Therapists see adherence at a glance and can adjust a plan remotely. Booking, rescheduling and intake forms are in the same app, connected to the practice’s scheduling system. Data is encrypted in transit and at rest, access is logged, and the hosting is covered by business associate agreements.',
      ],
      shot: {
        src: physicalTherapyPlan,
        alt: 'Mock-up of the patient app: today’s plan with three exercises (bridge, clamshell, lunge), two ticked off, a weekly streak of five days and the next visit on Thursday at 9:30.',
        caption: 'Today’s plan: each exercise has a video, and progress is kept as a weekly streak.',
      },
      result:
        'Patients now complete most of their home sessions, therapists spend less time on paperwork, and fewer appointments are missed because rescheduling takes two taps.',
    }),
    outcomes: [
      { value: '+35%', label: 'home-exercise adherence' },
      { value: '−22%', label: 'missed appointments' },
      { value: '6 min', label: 'saved per visit on paperwork' },
    ],
  },
  {
    slug: 'cashcat-streaming',
    name: CASE_STUDY_NAMES['cashcat-streaming'],
    client: 'CashCat Media',
    industry: 'Media & entertainment',
    services: ['SaaS', 'Artificial intelligence', 'Mobile app', 'Payments'],
    year: '2025',
    summary: 'A creator streaming platform with tipping and AI moderation, now hosting over 500,000 videos.',
    topline: 'Media · Streaming & AI',
    headline: 'A streaming platform that pays creators and moderates itself',
    intro: [
      'CashCat is a streaming platform where fans tip creators during live shows. Growth was strong, but every hour of new video had to be reviewed by hand, and moderation costs were rising faster than revenue.',
      `${BRAND.name} rebuilt the video pipeline, the tipping and payout system, and introduced AI moderation that lets a small team keep the platform safe.`,
    ],
    cover: art(
      cashcatCover,
      'Illustration: an amber play button with cat ears on a live screen, surrounded by floating coins and chat bubbles.',
    ),
    blocks: story({
      challenge:
        'CashCat’s original stack transcoded video on a single cluster that fell over during popular live events, tips reached creators weeks late, and a team of forty moderators reviewed uploads one by one.',
      built: [
        'A cloud video pipeline that scales with demand and delivers adaptive streams worldwide; a ledger-based tipping system with instant in-app balances and weekly payouts; and a creator studio for going live, scheduling shows and seeing earnings.',
        'Every upload and live stream now passes through AI classifiers for safety and copyright. Only uncertain cases reach a human reviewer, with the moment in question already highlighted.',
      ],
      shot: {
        src: cashcatStudio,
        alt: 'Mock-up of the creator studio: a live stream preview with 1,284 viewers, a tip feed, today’s earnings of $2,416 and a review queue with two flagged clips.',
        caption: 'The creator studio: live preview, tips as they arrive and earnings for the day.',
      },
      result:
        'CashCat now hosts over 500,000 videos. The moderation team is a quarter of its former size and reviews only the cases that need human judgement, while creators see their tips the moment they are sent.',
    }),
    outcomes: [
      { value: '500,000+', label: 'videos hosted' },
      { value: '75%', label: 'smaller moderation team thanks to AI review' },
      { value: '2 s', label: 'from a fan’s tip to the creator’s balance' },
    ],
  },
];

/** The seventh card on the index: a live client product, linked directly. */
export const EXTERNAL_SHOWCASE: ExternalShowcase = {
  name: 'Tidewater Surf Co.',
  industry: 'E-commerce',
  summary: 'A Magento storefront for a surf and wetsuit brand, with a board-size finder. See it live.',
  cover: art(tidewaterCover, ''),
  href: externalLinks.tidewaterSurfStore,
  linkLabel: 'Visit the live store',
};

export function findCaseStudy(slug: string | undefined): CaseStudy | undefined {
  return CASE_STUDIES.find((study) => study.slug === slug);
}
