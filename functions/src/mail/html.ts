/** Every value put into a mail's HTML goes through escapeHtml: a name typed on a form must never
 *  become markup or a link in a mail Leopard sends. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A paragraph of text (escaped; line breaks kept). */
export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
}

/** A link whose address and label are both escaped. */
export function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:#0b57d0">${escapeHtml(label)}</a>`;
}

/** The document around a mail's body: inline styles only, since mail clients drop style sheets. */
export function mailDocument(title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111">',
    body,
    '</body></html>',
  ].join('');
}
