import { useEffect, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { CAPTCHA_LENGTH, SPOKEN_CHARACTERS } from './captcha-code';
import styles from './auth-form.module.scss';

/** The drawing's own size in CSS pixels; CSS scales it down to narrower columns. */
const CHAR_WIDTH = 40;
const PADDING = 16;
const WIDTH = CAPTCHA_LENGTH * CHAR_WIDTH + 2 * PADDING;
const HEIGHT = 80;
/** Beyond 3 device pixels per CSS pixel nobody sees a difference, and the bitmap grows fast. */
const MAX_PIXEL_RATIO = 3;

function draw(canvas: HTMLCanvasElement, code: string): void {
  const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
  // One bitmap pixel per device pixel at full size, so the code stays sharp on high-DPI screens
  // and when CSS shrinks the image to a phone's width.
  canvas.width = Math.round(WIDTH * ratio);
  canvas.height = Math.round(HEIGHT * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.fillStyle = '#eef2f8';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  // Light, thin noise that stays behind the characters rather than cutting them into new shapes.
  context.lineWidth = 1.5;
  for (let i = 0; i < 6; i += 1) {
    context.strokeStyle = `hsl(${Math.random() * 360} 35% 72%)`;
    context.beginPath();
    context.moveTo(Math.random() * WIDTH, Math.random() * HEIGHT);
    context.bezierCurveTo(
      Math.random() * WIDTH,
      Math.random() * HEIGHT,
      Math.random() * WIDTH,
      Math.random() * HEIGHT,
      Math.random() * WIDTH,
      Math.random() * HEIGHT,
    );
    context.stroke();
  }
  context.font = 'bold 44px ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  [...code].forEach((char, index) => {
    context.save();
    context.translate(PADDING + index * CHAR_WIDTH + CHAR_WIDTH / 2, HEIGHT / 2 + (Math.random() - 0.5) * 10);
    context.rotate((Math.random() - 0.5) * 0.5);
    // Dark whatever the hue: 5.5:1 or more against the light background.
    context.fillStyle = `hsl(${Math.random() * 360} 75% 22%)`;
    context.fillText(char, 0, 0);
    context.restore();
  });
}

/** Reads the code aloud, one character at a time, letters with their NATO word. */
function speak(code: string): boolean {
  if (typeof window.speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return false;
  window.speechSynthesis.cancel();
  for (const char of code) {
    const utterance = new SpeechSynthesisUtterance(SPOKEN_CHARACTERS[char] ?? char);
    utterance.lang = 'en-US';
    utterance.rate = 0.75;
    window.speechSynthesis.speak(utterance);
  }
  return true;
}

interface CaptchaProps {
  code: string;
  onNewCode: () => void;
}

/**
 * The sign-up captcha: the code drawn on a canvas, a button that reads it aloud and one that draws
 * a new code. The code itself is nowhere in the page or its accessibility tree
 * (docs/decisions/0081-captcha-without-look-alikes.md): the
 * image is labelled for what it is, and people who cannot see it listen to it. A script can still
 * get the code (the check runs in the browser), but no more easily than by reading the image.
 */
export function Captcha({ code, onNewCode }: CaptchaProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (canvas.current && code) draw(canvas.current, code);
  }, [code]);

  const onListen = () => {
    setStatus(speak(code) ? '' : 'This browser cannot read the code aloud. Choose “New code” for one that may be easier to read.');
  };

  const onNew = () => {
    window.speechSynthesis?.cancel();
    onNewCode();
    setStatus('A new code has been drawn.');
  };

  return (
    <div className={styles.captcha}>
      <canvas
        ref={canvas}
        className={styles.captchaImage}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`Captcha: a code of ${CAPTCHA_LENGTH} letters and digits, drawn as an image`}
      />
      <div className={styles.captchaActions}>
        <Button variant="secondary" onClick={onListen} disabled={!code}>
          Listen to the code
        </Button>
        <Button variant="secondary" onClick={onNew}>
          New code
        </Button>
      </div>
      <p className={styles.captchaStatus} role="status">
        {status}
      </p>
    </div>
  );
}
