// The page's fixed elements (index.html), found by id and checked for their kind, the one way
// this viewer makes new elements, and the polite status line.

/** The element with this id, which must be of this kind: a renamed id fails loudly, not later. */
export function byId<T extends HTMLElement>(id: string, kind: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`The viewer's page has no ${kind.name} #${id}`);
  return found;
}

export const $ = (id: string): HTMLElement => byId(id, HTMLElement);
export const input = (id: string): HTMLInputElement => byId(id, HTMLInputElement);
export const dialog = (id: string): HTMLDialogElement => byId(id, HTMLDialogElement);

/** A new element; `text` in attrs is its text, everything else an attribute. */
export function el(tag: string, attrs: Record<string, string> = {}, children: (Node | string)[] = []): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

export function status(message: string, error = false): void {
  const line = $('status');
  line.textContent = message;
  line.classList.toggle('error', error);
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The value of the button that submitted a dialog's form (`save`, `cancel`, …). */
const submittedBy = (e: Event): string | null | undefined => (e as SubmitEvent).submitter?.getAttribute('value');

/** The form of dialog `<name>-dialog`: a submit by one of `actions` runs `act`, and the dialog
 *  stays open until `act` closes it (what fails is shown in `<name>-error`, what was typed is
 *  kept); any other button closes it, and `cancel` forgets what it was opened for. */
export function onDialogSubmit<A extends string>(
  name: string,
  actions: readonly A[],
  act: (action: A) => Promise<void>,
  cancel: () => void,
): void {
  $(`${name}-form`).addEventListener('submit', (e) => {
    const by = submittedBy(e);
    const action = actions.find((a) => a === by);
    if (action === undefined) {
      cancel();
      return;
    }
    e.preventDefault();
    act(action).catch((err: unknown) => ($(`${name}-error`).textContent = errorText(err)));
  });
}
