import type { Locator, Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { MARKETING_SERVICES } from '../../src/features/marketing/services';
import { expect, test } from './fixtures.testing';
import { hydrated } from './hydration.testing';

/** The "From the launch" slide show on /space-trailer: three stills of the trailer. */
async function openCarousel(page: Page) {
  await page.goto(paths.spaceTrailer);
  const carousel = page.getByRole('region', { name: 'Stills from the launch' });
  await carousel.scrollIntoViewIfNeeded();
  await expect(shown(carousel, 1)).toBeInViewport();
  // The page is pre-rendered: until React has taken the carousel, its buttons and keys do nothing.
  await hydrated(carousel);
  return carousel;
}

/** Slide n, found only while it is the one on screen (the others are hidden from the a11y tree). */
const shown = (carousel: Locator, n: number) => carousel.getByRole('group', { name: `${n} of 3` });

/** Slide n is current and fills the carousel's window (the track has stopped moving). Measured
 *  sideways only: clicking a control may scroll the page up and down. */
async function expectOnSlide(carousel: Locator, n: number) {
  await expect(carousel.getByText(`Slide ${n} of 3`)).toBeVisible();
  await expect
    .poll(async () => {
      const [slide, frame] = await Promise.all([shown(carousel, n).boundingBox(), carousel.boundingBox()]);
      return slide && frame ? Math.round(slide.x - frame.x) : null;
    })
    .toBe(0);
}

/** The line that says which slide is on screen; it is not announced while the carousel rotates
 *  (aria-live "off"), so its attribute tells when the rotation timer runs. */
const status = (carousel: Locator) => carousel.getByText(/^Slide \d of 3$/);

test.describe('the carousel', () => {
  // The page's clock is Playwright's: it runs as usual, and the tests jump it over the five-second
  // waits instead of sitting through them.
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('moves on by itself five seconds after focus leaves it', async ({ page }) => {
    const carousel = await openCarousel(page);
    // Focus inside holds it, so the five seconds start from a moment the test knows.
    const next = carousel.getByRole('button', { name: 'Next slide' });
    await next.focus();
    await expect(status(carousel)).toHaveAttribute('aria-live', 'polite');
    await page.clock.fastForward(6000);
    await expectOnSlide(carousel, 1);
    await next.blur();
    await expect(status(carousel)).toHaveAttribute('aria-live', 'off');
    await page.clock.fastForward(4000);
    await expectOnSlide(carousel, 1);
    await page.clock.fastForward(1500);
    await expectOnSlide(carousel, 2);
  });

  test('stays put while the pointer is over it, and moves on once it leaves', async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.getByRole('img').first().hover();
    await expect(status(carousel)).toHaveAttribute('aria-live', 'polite');
    await page.clock.fastForward(7000);
    await expectOnSlide(carousel, 1);
    await page.mouse.move(0, 0);
    await expect(status(carousel)).toHaveAttribute('aria-live', 'off');
    await page.clock.fastForward(5500);
    await expectOnSlide(carousel, 2);
  });

  test('moves with the arrow keys once focus is inside', async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectOnSlide(carousel, 2);
    await page.keyboard.press('ArrowRight');
    await expectOnSlide(carousel, 3);
    await page.keyboard.press('ArrowLeft');
    await expectOnSlide(carousel, 2);
  });

  test('a 40 px swipe moves it, a 30 px one does not', async ({ page }) => {
    const carousel = await openCarousel(page);
    const box = (await shown(carousel, 1).boundingBox())!;
    const y = box.y + box.height / 2;
    const drag = async (fromX: number, dx: number) => {
      await page.mouse.move(fromX, y);
      await page.mouse.down();
      await page.mouse.move(fromX + dx, y, { steps: 6 });
      await page.mouse.up();
    };
    const middle = box.x + box.width / 2;
    await drag(middle, -30);
    await page.waitForTimeout(600); // let the track settle back
    await expectOnSlide(carousel, 1);
    await drag(middle, -40);
    await expectOnSlide(carousel, 2);
    await page.waitForTimeout(600);
    await drag(middle, 40);
    await expectOnSlide(carousel, 1);
  });

  test('Pause stops it; it does not play by itself under reduced motion', async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.getByRole('button', { name: 'Pause slide show' }).click();
    await page.mouse.move(0, 0);
    await carousel.getByRole('button', { name: 'Play slide show' }).blur();
    await page.clock.fastForward(6500);
    await expectOnSlide(carousel, 1);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    const still = await openCarousel(page);
    await expect(still.getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.clock.fastForward(6500);
    await expectOnSlide(still, 1);
  });

  test('its buttons are named and at least 24 × 24 px', async ({ page }) => {
    const carousel = await openCarousel(page);
    for (const name of ['Pause slide show', 'Previous slide', 'Next slide']) {
      const box = (await carousel.getByRole('button', { name }).boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  });
});

test.describe('the typing animation', () => {
  const names = MARKETING_SERVICES.map((service) => service.name);

  test('cycles through the services on /thank-you', async ({ page }) => {
    await page.goto(paths.thankYou);
    const section = page.getByRole('region', { name: 'What we build' });
    // Screen readers get the whole list once.
    await expect(section.getByText(names.join(', '))).toBeAttached();
    const typed = section.locator('[aria-hidden="true"] > :first-child');
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add(await typed.innerText());
          return seen.has(names[1]!);
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toBe(true);
    expect(seen).toContain(names[0]);
    expect([...seen].some((text) => text.length > 0 && !names.includes(text))).toBe(true); // mid-word
  });

  test('is still text under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(paths.thankYou);
    const section = page.getByRole('region', { name: 'What we build' });
    await expect(section.getByText(names.join(', '))).toBeVisible();
    await expect(section.locator('.typed-cursor')).toHaveCount(0);
  });
});
