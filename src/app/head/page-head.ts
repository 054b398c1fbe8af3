import { BRAND } from '../../config/brand';

/** What a page tells browsers, search engines and link previews about itself. */
export interface PageHead {
  /** The route's own title; empty for the home page, which carries the site title alone. */
  title: string;
  description: string;
  /** The page's path, without query: the canonical address. */
  path: string;
}

export const SITE_TITLE = `${BRAND.name} | Custom software and satellite internet`;

export const SITE_DESCRIPTION = `${BRAND.name} builds custom software, apps and SaaS, and runs Space, a satellite-internet service.`;

/** The picture link previews show; a raster image, as most preview crawlers ignore SVG. */
export const SHARE_IMAGE = { path: '/media/space-launch-title.jpg', alt: `${BRAND.name} Space launch` } as const;

export const SITE_HEAD: PageHead = { title: '', description: SITE_DESCRIPTION, path: '/' };

export function documentTitle(title: string): string {
  return title ? `${title} | ${BRAND.name}` : SITE_TITLE;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl.replace(/\/+$/, '')}/`).href;
}

/** The tags that vary by page, keyed by how the client finds them again. */
function pageTags(head: PageHead, siteUrl: string) {
  const url = absoluteUrl(siteUrl, head.path);
  const title = documentTitle(head.title);
  return {
    meta: [
      ['name', 'description', head.description],
      ['property', 'og:title', title],
      ['property', 'og:description', head.description],
      ['property', 'og:url', url],
    ] as const,
    canonical: url,
    title,
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags of a page, as HTML for the pre-rendered files and the app shell. */
export function headHtml(head: PageHead, siteUrl: string): string {
  const tags = pageTags(head, siteUrl);
  const lines = [
    `<title>${escapeHtml(tags.title)}</title>`,
    ...tags.meta.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`),
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(BRAND.name)}" />`,
    `<meta property="og:image" content="${escapeHtml(absoluteUrl(siteUrl, SHARE_IMAGE.path))}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(SHARE_IMAGE.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  return lines.join('\n    ');
}

/** Brings the document's head up to date after a client-side navigation. */
export function applyHead(head: PageHead, siteUrl: string, doc: Document = document): void {
  const tags = pageTags(head, siteUrl);
  doc.title = tags.title;
  for (const [attr, key, content] of tags.meta) {
    let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
    if (!element) {
      element = doc.createElement('meta');
      element.setAttribute(attr, key);
      doc.head.append(element);
    }
    element.content = content;
  }
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = doc.createElement('link');
    canonical.rel = 'canonical';
    doc.head.append(canonical);
  }
  canonical.href = tags.canonical;
}
