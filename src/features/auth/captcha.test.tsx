import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Captcha } from './captcha';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, SPOKEN_CHARACTERS, generateCaptchaCode } from './captcha-code';

const LOOK_ALIKES = ['0', 'O', 'Q', 'D', '1', 'I', 'L', 'J', 'T', '2', 'Z', '5', 'S', '6', 'G', '8', 'B', 'U', 'V'];
const CODE = 'AC34EF7';

describe('captcha code', () => {
  it('has no look-alike characters (0/O, 1/I/L, 2/Z, 5/S, 8/B, …)', () => {
    for (const char of LOOK_ALIKES) expect(CAPTCHA_ALPHABET).not.toContain(char);
    const drawn = Array.from({ length: 300 }, generateCaptchaCode).join('');
    for (const char of LOOK_ALIKES) expect(drawn).not.toContain(char);
  });

  it('is still 7 upper-case letters and digits (docs/product.md#sign-up-checks), with enough of them to guess badly', () => {
    expect(CAPTCHA_LENGTH).toBe(7);
    for (const code of Array.from({ length: 50 }, generateCaptchaCode)) expect(code).toMatch(/^[A-Z0-9]{7}$/);
    expect(CAPTCHA_ALPHABET.length ** CAPTCHA_LENGTH).toBeGreaterThan(1e8);
    expect(CAPTCHA_ALPHABET).toMatch(/[A-Z]/);
    expect(CAPTCHA_ALPHABET).toMatch(/[0-9]/);
  });

  it('has a spoken form for every character', () => {
    for (const char of CAPTCHA_ALPHABET)
      expect(SPOKEN_CHARACTERS[char], char).toMatch(new RegExp(`^(${char}, as in [A-Z]|the digit ${char}$)`));
  });
});

describe('Captcha', () => {
  let spoken: { text: string; rate: number; lang: string }[];
  let context: { calls: string[]; fillText: (text: string) => void };

  beforeEach(() => {
    spoken = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        rate = 1;
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', {
      speak: (utterance: { text: string; rate: number; lang: string }) => spoken.push(utterance),
      cancel: () => (spoken = []),
    });
    context = { calls: [], fillText: (text: string) => context.calls.push(text) };
    const noop = () => undefined;
    const fake = new Proxy(context, { get: (target, key) => (key in target ? target[key as keyof typeof target] : noop), set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fake as unknown as CanvasRenderingContext2D);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the code out of the page and out of the accessibility tree', () => {
    const { container } = render(<Captcha code={CODE} onNewCode={vi.fn()} />);
    const image = screen.getByRole('img');
    expect(image).toHaveAccessibleName('Captcha: a code of 7 letters and digits, drawn as an image');
    expect(container.innerHTML).not.toContain(CODE);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.value).not.toContain(CODE);
    }
    expect(container.textContent).not.toMatch(/[A-Z0-9]{7}/);
  });

  it('draws each character on a bitmap of one pixel per device pixel', () => {
    vi.stubGlobal('devicePixelRatio', 2);
    render(<Captcha code={CODE} onNewCode={vi.fn()} />);
    const canvas = screen.getByRole('img') as HTMLCanvasElement;
    expect(context.calls.join('')).toBe(CODE);
    expect([canvas.width, canvas.height]).toEqual([624, 160]);
  });

  it('"Listen to the code" reads it slowly, one character at a time, letters with their NATO word', async () => {
    render(<Captcha code={CODE} onNewCode={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Listen to the code' }));
    expect(spoken.map((u) => u.text)).toEqual([
      'A, as in Alfa',
      'C, as in Charlie',
      'the digit 3',
      'the digit 4',
      'E, as in Echo',
      'F, as in Foxtrot',
      'the digit 7',
    ]);
    for (const utterance of spoken) {
      expect(utterance.rate).toBeLessThan(1);
      expect(utterance.lang).toBe('en-US');
    }
    // Again: the earlier reading is cut off rather than queued behind.
    await userEvent.click(screen.getByRole('button', { name: 'Listen to the code' }));
    expect(spoken).toHaveLength(CAPTCHA_LENGTH);
  });

  it('"New code" asks for another and says so', async () => {
    const onNewCode = vi.fn();
    render(<Captcha code={CODE} onNewCode={onNewCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    expect(onNewCode).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('A new code has been drawn.');
  });

  it('says so when the browser cannot speak', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    render(<Captcha code={CODE} onNewCode={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Listen to the code' }));
    expect(screen.getByRole('status')).toHaveTextContent('This browser cannot read the code aloud.');
  });
});
