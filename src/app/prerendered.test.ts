import { describe, expect, it } from 'vitest';
import { hasPrerenderedPage, PRERENDERED_ATTRIBUTE } from './prerendered';

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
