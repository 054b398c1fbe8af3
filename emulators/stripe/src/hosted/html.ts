/**
 * The frame of the hosted pages (checkout, billing portal, invoices): plain server-rendered HTML,
 * no scripts, fonts or images from anywhere, so they work offline and in any test browser, with a
 * "Test mode" banner like Stripe's test pages. Plus the words they show (amounts and dates are
 * ../core/format.ts).
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  .banner { background: #ffde92; color: #5c3b00; text-align: center; padding: .5rem; font-weight: 600; margin: 0; }
  main { max-width: 40rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: .5rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.4rem; }
  h2 { font-size: 1.1rem; margin-top: 1.5rem; }
  h3 { font-size: 1rem; margin: 0 0 .25rem; }
  ul.items { list-style: none; padding: 0; }
  ul.items li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #e3e8ee; }
  .total { display: flex; justify-content: space-between; font-weight: 700; font-size: 1.2rem; margin: 1rem 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 1rem; margin-top: 1.5rem; align-items: center; }
  label { display: block; font-weight: 600; margin: 1rem 0 .3rem; }
  input { font: inherit; padding: .5rem; border: 1px solid #8792a2; border-radius: .3rem; width: 100%; box-sizing: border-box; }
  button, a.button { font: inherit; padding: .6rem 1.4rem; border-radius: .3rem; border: 1px solid #635bff; cursor: pointer; background: #fff; color: #3c366b; text-decoration: none; display: inline-block; min-height: 24px; }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  .primary { background: #635bff; color: #fff; }
  .danger { background: #c0123c; border-color: #c0123c; color: #fff; }
  .note { color: #4f566b; font-size: .9rem; }
  .error { color: #a4122f; background: #fde8ec; border: 1px solid #a4122f; padding: .6rem; border-radius: .3rem; font-weight: 600; }
  .notice { background: #fff4e5; border: 1px solid #b25e00; padding: .6rem; border-radius: .3rem; }
  .subscription { border: 1px solid #e3e8ee; border-radius: .4rem; padding: 1rem; margin: .75rem 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem; border-bottom: 1px solid #e3e8ee; }
  caption { text-align: left; font-weight: 600; padding-bottom: .4rem; }
  fieldset { border: 1px solid #e3e8ee; border-radius: .4rem; margin: 1rem 0; }
  label.choice { font-weight: 400; display: flex; gap: .5rem; align-items: center; margin: .5rem 0; }
  label.choice input { width: auto; min-width: 24px; min-height: 24px; }
  textarea { font: inherit; padding: .5rem; border: 1px solid #8792a2; border-radius: .3rem; width: 100%; box-sizing: border-box; }
  textarea:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  tfoot th { text-align: right; font-weight: 400; }
  tr.final th, tr.final td { font-weight: 700; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="banner" role="note">Test mode — no real payment is made</p>
<main>
${body}
</main>
</body>
</html>`;
}

/** Shown if a redirect cannot be followed automatically. */
export function redirectPage(target: string, label: string): string {
  return page(label, `<h1>${escapeHtml(label)}</h1>\n<p><a href="${escapeHtml(target)}">Continue</a></p>`);
}

/** A page's error, announced to screen readers when the page appears. */
export const errorMessage = (message: string | undefined) => (message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '');
