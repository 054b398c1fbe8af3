import { beforeEach, describe, expect, it } from 'vitest';
import { applyHead, documentTitle, headHtml, SITE_TITLE } from './page-head';

const SITE = 'https://leopard.example.com';

describe('page head', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.title = '';
  });

  it('names pages after the site, and the home page by the site title alone', () => {
    expect(documentTitle('Store')).toBe('Store | Leopard');
    expect(documentTitle('')).toBe(SITE_TITLE);
  });

  it('writes title, description, canonical address and link-preview tags, escaped', () => {
    const html = headHtml({ title: 'Q&A <now>', description: 'Say "hi" & go', path: '/case-studies/charm' }, SITE);
    expect(html).toContain('<title>Q&amp;A &lt;now&gt; | Leopard</title>');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; go" />');
    expect(html).toContain('<link rel="canonical" href="https://leopard.example.com/case-studies/charm" />');
    expect(html).toContain('<meta property="og:url" content="https://leopard.example.com/case-studies/charm" />');
    expect(html).toContain('<meta property="og:title" content="Q&amp;A &lt;now&gt; | Leopard" />');
    expect(html).toContain('<meta property="og:image" content="https://leopard.example.com/media/space-launch-title.jpg" />');
  });

  it('updates the tags in place after a navigation, creating the missing ones once', () => {
    document.head.innerHTML = headHtml({ title: '', description: 'Home page', path: '/' }, SITE);
    applyHead({ title: 'Store', description: 'Plans', path: '/store' }, SITE);
    applyHead({ title: 'Legal', description: 'Our texts', path: '/legal' }, SITE);

    expect(document.title).toBe('Legal | Leopard');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Our texts');
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute('content', 'Our texts');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://leopard.example.com/legal');

    document.head.innerHTML = '';
    applyHead({ title: 'Dashboard', description: 'Yours', path: '/dashboard' }, SITE);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Yours');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://leopard.example.com/dashboard');
  });
});
