import { describe, expect, it, vi } from 'vitest';
import {
  afterNextPaint,
  applyDeferredStylesheets,
  DEFERRED_STYLESHEET_ATTRIBUTE,
  hasPrerenderedPage,
  PAGE_MODULES_ATTRIBUTE,
  preloadPageModules,
  PRERENDERED_ATTRIBUTE,
} from './prerendered';

function root(html: string, path?: string) {
  const element = document.createElement('div');
  element.innerHTML = html;
  if (path) element.setAttribute(PRERENDERED_ATTRIBUTE, path);
  return element;
}

describe('hasPrerenderedPage', () => {
  it('hydrates only the page pre-rendered for this very path', () => {
    expect(hasPrerenderedPage(root('<main>Store</main>', '/store'), '/store')).toBe(true);
    expect(hasPrerenderedPage(root('<main>Home</main>', '/'), '/dashboard')).toBe(false);
    expect(hasPrerenderedPage(root('', undefined), '/dashboard')).toBe(false);
    expect(hasPrerenderedPage(root('', '/store'), '/store')).toBe(false);
    expect(hasPrerenderedPage(null, '/')).toBe(false);
  });
});

describe('after the first paint', () => {
  it('preloads the page chunks #root names, as modules', () => {
    const container = root('<main>Home</main>', '/');
    container.setAttribute(PAGE_MODULES_ATTRIBUTE, '/assets/home-page-a.js  /assets/section-b.js');
    preloadPageModules(container);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/home-page-a.js', '/assets/section-b.js']);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
    links.forEach((link) => link.remove());
    preloadPageModules(root('', undefined));
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('fetches a deferred stylesheet, switches it on when it has loaded, and resolves then', async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    link.disabled = true;
    link.setAttribute(DEFERRED_STYLESHEET_ATTRIBUTE, '');
    document.head.append(link);
    let applied = false;
    const done = applyDeferredStylesheets().then(() => (applied = true));
    await Promise.resolve();
    expect(applied).toBe(false);
    expect(link.disabled, 'enabled: the browser fetches it now').toBe(false);
    expect(link.media).toBe('print');
    link.dispatchEvent(new Event('load'));
    await done;
    expect(link.media).toBe('all');
    expect(link.hasAttribute(DEFERRED_STYLESHEET_ATTRIBUTE)).toBe(false);
    link.remove();
  });

  it('lets the app start when the stylesheet failed, the page keeping its critical CSS', async () => {
    const link = document.createElement('link');
    link.media = 'print';
    link.setAttribute(DEFERRED_STYLESHEET_ATTRIBUTE, '');
    document.head.append(link);
    const done = applyDeferredStylesheets();
    link.dispatchEvent(new Event('error'));
    await done;
    expect(link.media).toBe('print');
    link.remove();
    await applyDeferredStylesheets(); // none left: resolves at once
  });

  it('waits for a frame to be painted, unless the page is hidden and paints nothing', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    let painted = false;
    const visible = { visibilityState: 'visible' } as Document;
    const waiting = afterNextPaint(visible).then(() => (painted = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(painted).toBe(false);
    frames.shift()!(0);
    await waiting;
    expect(painted).toBe(true);
    await afterNextPaint({ visibilityState: 'hidden' } as Document);
    expect(frames).toHaveLength(0);
  });
});
