/**
 * A pre-rendered page is on screen before the app has started (src/main.tsx waits for the first
 * paint, then loads it). In that moment a click on a button would do nothing and a submitted form
 * would be sent by the browser itself, as a GET with its fields in the address. So until the page
 * has hydrated, clicks on the page's controls and form submissions are held, and then handed to the
 * app in the order they came: React carries them out as if they had come later.
 * Typing needs no help: the fields keep what was typed, and the forms read it when they register.
 */

/** What a click lands on that the app should carry out. */
const CONTROL =
  'a[href], button, input[type="submit"], input[type="button"], input[type="checkbox"], input[type="radio"], label, summary, [role="button"]';

type Held = { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

/** A link the browser follows whether or not the app runs: to another site, a new tab or a
 *  download. An anchor of this very page is held too: the browser's jump changes the address, and
 *  the router, which may already be listening, would re-render a page React has not adopted yet
 *  (React then drops the pre-rendered page for its loading state until the chunk arrives). */
function browserFollows(control: Element): boolean {
  if (!(control instanceof HTMLAnchorElement)) return false;
  if ((control.target && control.target !== '_self') || control.hasAttribute('download')) return true;
  return new URL(control.href, document.baseURI).origin !== window.location.origin;
}

/** Two painted frames, or 100 ms at most (a hidden page paints none): time for the effects of the
 *  hydrated page to run (the router listening, a page switching to its client-side variant), so
 *  that a replayed interaction meets the page as a later one would. */
const settled = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    setTimeout(resolve, 100);
  });

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts holding clicks and submissions inside `root`. Call the returned function once the app has
 * started: `true` keeps holding until `pageHydrated` has resolved (the page's first commit:
 * src/app/page-hydration.ts), then hands what was held to the app in order and stops. If the page
 * has not hydrated after `timeoutMs`, clicks are handed over anyway but submissions stay refused to
 * the browser: React still handles a form it has adopted, and one it has not is sent nowhere rather
 * than as a GET with its fields in the address. `false` (the app could not start): the browser
 * follows held link clicks; no form is replayed, and none is ever sent by the browser.
 */
export function holdEarlyInteractions(
  root: HTMLElement,
  pageHydrated: Promise<void>,
  timeoutMs = 5000,
): (appStarted: boolean) => Promise<void> {
  const held: Held[] = [];
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    if (!control || !root.contains(control) || browserFollows(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ kind: 'click', target: control });
  };
  let holding = true;
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    if (!holding) return; // after a time-out: never the browser, but React may still handle it
    event.stopImmediatePropagation();
    held.push({ kind: 'submit', form: event.target, submitter: event.submitter });
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);

  return async (appStarted) => {
    let hydrated = false;
    if (appStarted) {
      hydrated = await Promise.race([pageHydrated.then(() => true), delay(timeoutMs).then(() => false)]);
      await settled();
    }
    holding = false;
    root.removeEventListener('click', onClick, true);
    if (hydrated) root.removeEventListener('submit', onSubmit, true);
    for (const interaction of held.splice(0)) {
      if (interaction.kind === 'click') {
        const { target } = interaction;
        if (target.isConnected && (appStarted || target instanceof HTMLAnchorElement)) target.click();
      } else if (appStarted && interaction.form.isConnected) {
        const { form, submitter } = interaction;
        if (submitter?.isConnected && submitter.closest('form') === form) form.requestSubmit(submitter);
        else form.requestSubmit();
      }
    }
  };
}
