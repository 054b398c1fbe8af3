import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInteractions } from './early-interactions';

function page(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const click = (element: Element, init: MouseEventInit = {}) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
const submitEvent = () => new Event('submit', { bubbles: true, cancelable: true });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for src/app/page-hydration.ts: resolved when the test says the page has hydrated. */
function hydration() {
  let done!: () => void;
  const hydrated = new Promise<void>((resolve) => {
    done = resolve;
  });
  return { hydrated, done: () => done() };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyInteractions', () => {
  it('holds clicks on controls until the page has hydrated, even after the app has started, then replays them in order', async () => {
    const root = page('<button id="menu"><span>Menu</span></button><a id="company" href="/company">Company</a><p id="text">Text</p>');
    const order: string[] = [];
    const { hydrated, done } = hydration();
    const release = holdEarlyInteractions(root, hydrated, 1000);
    expect(click(root.querySelector('#menu span')!)).toBe(false); // held: default prevented
    expect(click(root.querySelector('#text')!)).toBe(true); // not a control: left alone
    root.addEventListener('click', (event) => {
      order.push((event.target as Element).id);
      event.preventDefault(); // jsdom would try to navigate
    });

    const released = release(true);
    await wait(40);
    expect(click(root.querySelector('#company')!)).toBe(false); // the app has started, the page is not hydrated yet: held
    await wait(40);
    expect(order).toEqual([]);
    done();
    await released;
    expect(order).toEqual(['menu', 'company']);
    click(root.querySelector('#menu')!); // no longer held
    expect(order).toEqual(['menu', 'company', 'menu']);
  });

  it('after the time-out without hydration, hands over clicks but never lets the browser send a form', async () => {
    const root = page('<button id="menu">Menu</button><form><input name="email" value="a@b.c"></form>');
    const form = root.querySelector('form')!;
    const release = holdEarlyInteractions(root, new Promise(() => {}), 50);
    click(root.querySelector('#menu')!);
    const clicked = vi.fn();
    const submitted = vi.fn();
    root.addEventListener('click', clicked);
    root.addEventListener('submit', submitted);
    await release(true);
    expect(clicked).toHaveBeenCalledTimes(1);

    const later = submitEvent();
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(true); // the browser does not send it…
    expect(submitted).toHaveBeenCalledTimes(1); // …but the app still sees it, in case React has the form by now
  });

  it('leaves alone what the browser does as well: modified clicks, links that open elsewhere; holds an anchor of this page', () => {
    const root = page(
      '<a id="new-tab" href="/company" target="_blank">a</a><a id="away" href="https://example.com/">b</a><a id="file" href="/a.pdf" download>c</a>' +
        `<a id="anchor" href="#terms">e</a><a id="plain" href="/company#terms">d</a>`,
    );
    void holdEarlyInteractions(root, new Promise(() => {}));
    const reached: string[] = [];
    root.addEventListener('click', (event) => {
      if (!event.defaultPrevented) reached.push((event.target as Element).id);
      event.preventDefault(); // jsdom would try to navigate
    });
    for (const id of ['new-tab', 'away', 'file', 'anchor']) click(root.querySelector(`#${id}`)!);
    click(root.querySelector('#plain')!, { ctrlKey: true });
    click(root.querySelector('#plain')!); // another page's anchor: held
    expect(reached).toEqual(['new-tab', 'away', 'file', 'plain']); // this page's anchor: held, for the app to carry out
  });

  it('holds a form submission and has the app submit it, never the browser', async () => {
    const root = page('<form><input name="email" value="a@b.c"><button id="send">Send</button></form>');
    const form = root.querySelector('form')!;
    const { hydrated, done } = hydration();
    const release = holdEarlyInteractions(root, hydrated, 1000);
    const submitted: (string | undefined)[] = [];
    expect(form.dispatchEvent(submitEvent())).toBe(false);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(((event as SubmitEvent).submitter as HTMLElement | null)?.id);
    });
    const released = release(true);
    await wait(20);
    expect(submitted).toHaveLength(0);
    done();
    await released;
    expect(submitted).toHaveLength(1);
    const after = submitEvent();
    form.dispatchEvent(after);
    expect(submitted).toHaveLength(2);
    expect(after.defaultPrevented).toBe(true); // by the app's handler, as React's does
  });

  it('when the app cannot start, follows held links but sends no form', async () => {
    const root = page('<a id="company" href="/company">Company</a><form><button id="send">Send</button></form>');
    const followed = vi.fn((event: Event) => event.preventDefault());
    const sent = vi.fn((event: Event) => event.preventDefault());
    const release = holdEarlyInteractions(root, new Promise(() => {}), 1000);
    click(root.querySelector('#company')!);
    click(root.querySelector('#send')!);
    root.querySelector('form')!.dispatchEvent(submitEvent());
    root.addEventListener('click', followed);
    root.addEventListener('submit', sent);
    await release(false);
    expect(followed).toHaveBeenCalledTimes(1);
    expect((followed.mock.calls[0]![0].target as Element).id).toBe('company');
    expect(sent).not.toHaveBeenCalled();
    const later = submitEvent();
    root.querySelector('form')!.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(true); // a form of a page without its app is never sent by the browser
  });
});
