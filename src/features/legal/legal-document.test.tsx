import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import { OPEN_CHECKOUT_AT_DELETION } from '@/data/users';
import { expectDecorativeIcons } from '@/ui/icons.testing';
import { LegalDocumentView } from './legal-document';
import type { LegalDocument } from './legal-documents';
import { privacyPolicy } from './privacy-policy';
import { termsOfService } from './terms-of-service';

function renderDocument(document: LegalDocument) {
  return render(
    <MemoryRouter>
      <LegalDocumentView document={document} />
    </MemoryRouter>,
  );
}

/** The text of the section with this id, for assertions on one clause. */
function sectionText(id: string) {
  return document.getElementById(id)?.textContent ?? '';
}

describe.each([
  ['privacy policy', privacyPolicy],
  ['terms of service', termsOfService],
])('the %s', (_name, legal) => {
  it('opens with its title, the last-updated date and a Back link to /legal', () => {
    renderDocument(legal);
    expect(screen.getByRole('heading', { level: 1, name: legal.meta.title })).toBeInTheDocument();
    expect(screen.getByText('Last updated:').querySelector('time')).toHaveAttribute('dateTime', legal.meta.lastUpdated);
    const back = screen.getByRole('link', { name: 'Back to Legal' });
    expect(back).toHaveAttribute('href', paths.legal);
    expectDecorativeIcons(back);
  });

  it('lists every numbered section in its contents, each linking to that section', () => {
    renderDocument(legal);
    const contents = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    expect(contents).toHaveLength(legal.sections.length);
    legal.sections.forEach((section, index) => {
      expect(contents[index]).toHaveAttribute('href', `#${section.id}`);
      const target = document.getElementById(section.id)!;
      expect(within(target).getByRole('heading', { level: 2 })).toHaveTextContent(`${index + 1}. ${section.title}`);
    });
    expect(new Set(legal.sections.map((section) => section.id)).size).toBe(legal.sections.length);
  });
});

describe('the terms of service', () => {
  it('carry the claim limit, the liability cap and the dispute-resolution period (docs/product.md#legal-terms)', () => {
    renderDocument(termsOfService);
    expect(sectionText('claim-limit')).toContain('within 1 year');
    expect(sectionText('limitation-of-liability')).toContain(
      'the greater of (a) one third (1/3) of the fees you paid us in the six (6) months before the event giving rise to the claim, or (b) US$100',
    );
    expect(sectionText('dispute-resolution')).toContain('informal negotiation for 30 days');
  });

  it('end with the non-disclosure terms', () => {
    renderDocument(termsOfService);
    expect(termsOfService.sections.at(-1)!.id).toBe('non-disclosure');
    expect(screen.getAllByRole('heading', { level: 2 }).at(-1)).toHaveTextContent(/Non-disclosure agreement \(NDA\)$/);
  });

  it('refer to their own sections by the right numbers', () => {
    const numberOf = (id: string) => termsOfService.sections.findIndex((section) => section.id === id) + 1;
    const text = JSON.stringify(termsOfService);
    expect(text).toContain(`section ${numberOf('claim-limit')} limits the time`);
    expect(text).toContain(`section ${numberOf('limitation-of-liability')} caps our liability`);
    expect(text).toContain(`section ${numberOf('dispute-resolution')} requires informal negotiation`);
    expect(text).toContain(`terms in section ${numberOf('non-disclosure')}`);
    expect(text).toContain(`warranty in section ${numberOf('warranty')}`);
    expect(text).toContain(`The time limit in section ${numberOf('claim-limit')}`);
    expect(text).toContain(`Subject to section ${numberOf('dispute-resolution')}`);
  });
});

describe('the privacy policy', () => {
  it('covers Stripe, EmailJS, local storage, retention, CCPA and GDPR, with a support contact', () => {
    renderDocument(privacyPolicy);
    expect(sectionText('information-we-collect')).toContain('We never see or store your full card number');
    expect(sectionText('information-we-collect')).toContain('EmailJS');
    expect(sectionText('cookies-and-local-storage')).toContain('local storage');
    expect(screen.getByRole('heading', { level: 2, name: /How long we keep information/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /California privacy rights \(CCPA\)/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /\(GDPR\)/ })).toBeInTheDocument();
    const contact = document.getElementById('contact')!;
    expect(within(contact).getByRole('link', { name: externalLinks.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${externalLinks.supportEmail}`,
    );
    const numberOf = (id: string) => privacyPolicy.sections.findIndex((section) => section.id === id) + 1;
    expect(sectionText('california')).toContain(`listed in section ${numberOf('how-we-use-information')}`);
    expect(sectionText('california')).toContain(`listed in section ${numberOf('sharing')}`);
  });

  it('says what deleting the account does to a checkout left open, in the words of the dialog and the mail', () => {
    renderDocument(privacyPolicy);
    expect(sectionText('deleting-your-account')).toContain(OPEN_CHECKOUT_AT_DELETION);
    expect(sectionText('deleting-your-account')).toContain('your account can start no new checkout');
  });

  it('says what Stripe keeps of a deleted account, and that the site opens none of it', () => {
    renderDocument(privacyPolicy);
    const text = sectionText('deleting-your-account');
    expect(text).toContain('name, email address and billing address given at checkout');
    expect(text).toContain('nothing of your orders can be opened through our site any more');
  });
});
