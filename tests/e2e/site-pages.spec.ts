import { BRAND } from '../../src/config/brand';
import { externalLinks } from '../../src/config/external-links';
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';

const NEW_TAB = ' (opens in a new tab)';

test('/thank-you says what happens next and leads a visitor to an account (session.spec: customers to the dashboard)', async ({ page }) => {
  await page.goto(paths.thankYou);
  await expect(page.getByText('A representative is reviewing your profile and will contact you shortly.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(paths.signUp);
});

test('/socials links to both Instagram profiles and the LinkedIn page, in new tabs', async ({ page }) => {
  await page.goto(paths.socials);
  const expected: [name: string, href: string][] = [
    ['Follow @leopard.software on Instagram', externalLinks.instagram],
    ['Follow @leopard.space on Instagram', externalLinks.instagramSpace],
    [`Follow ${BRAND.name} on LinkedIn`, externalLinks.linkedIn],
  ];
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(3);
  for (const [name, href] of expected) {
    const link = main.getByRole('link', { name: name + NEW_TAB, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
});

test('/sitemap lists every group under its own heading', async ({ page }) => {
  await page.goto(paths.sitemap);
  const groups: Record<string, [name: string, href: string][]> = {
    About: [
      [`About ${BRAND.name}`, paths.company],
      ['Contact us', paths.contact],
      ['Space manager' + NEW_TAB, externalLinks.spaceManagerPlaceholder], // VITE_SPACE_MANAGER_URL is unset
      ['Legal', paths.legal],
      ['Privacy policy', paths.privacyPolicy],
      ['Terms of service', paths.termsOfService],
    ],
    Account: [
      ['Manage your ID' + NEW_TAB, externalLinks.idManagement],
      ['Create an ID' + NEW_TAB, externalLinks.externalSignUp],
    ],
    Support: [
      ['Contact support', paths.support],
      ['Join the research program waitlist', paths.waitlist],
      ['Pre-order Space', paths.preorder],
      ['Follow us', paths.socials],
    ],
    Information: [
      [`The ${BRAND.name} difference`, paths.difference],
      ['How it works', paths.howItWorks],
      [`Why choose ${BRAND.name}`, paths.whyChoose],
      ['Case studies', paths.caseStudies],
      ['Next-Gen', paths.nextGen],
      ['Space trailer', paths.spaceTrailer],
    ],
  };
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(Object.keys(groups));
  for (const [title, links] of Object.entries(groups)) {
    const group = main.getByRole('region', { name: title });
    await expect(group.getByRole('link')).toHaveCount(links.length);
    for (const [name, href] of links) {
      const link = group.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      if (name.endsWith(NEW_TAB)) await expect(link).toHaveAttribute('target', '_blank');
      else await expect(link).not.toHaveAttribute('target');
    }
  }
  await main.getByRole('link', { name: 'How it works', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
});

test.describe('/space-trailer', () => {
  test('plays a muted looping trailer with controls, a poster and a description', async ({ page, request }) => {
    await page.goto(paths.spaceTrailer);
    const video = page.locator('video');
    // Started by the page (not an autoplay attribute, which the pre-rendered HTML cannot decide on).
    await expect(video).not.toHaveAttribute('autoplay');
    for (const attribute of ['loop', 'controls', 'playsinline', 'poster', 'width', 'height']) {
      await expect(video).toHaveAttribute(attribute);
    }
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveAccessibleDescription(/A satellite drifts across a field of stars/);
    // It really plays: Chromium picked a source, has frames and the clock moves.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused || v.error !== null)).toBe(false);

    const files = [
      await video.getAttribute('poster'),
      ...(await video.locator('source').evaluateAll((sources) => sources.map((s) => s.getAttribute('src')))),
    ];
    expect(files).toHaveLength(3);
    for (const file of files) {
      const response = await request.get(file!);
      expect(response.status(), file!).toBe(200);
    }
  });

  test('does not start the trailer by itself under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(paths.spaceTrailer);
    const video = page.locator('video');
    await expect(video).not.toHaveAttribute('autoplay');
    await page.waitForTimeout(1500);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
  });

  test('has no horizontal overflow on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of [paths.spaceTrailer, paths.sitemap, paths.socials, paths.thankYou]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });
});
