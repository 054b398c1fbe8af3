import { useEffect, useRef } from 'react';
import { CAPTCHA_LENGTH } from './captcha-code';
import styles from './auth-form.module.scss';

const CHAR_WIDTH = 24;
const HEIGHT = 48;

/** Draws the code on a canvas, so it is not selectable text. Screen readers get it spelt out in
 *  the label: the check is client-side and protects nothing a screen reader could exploit. */
export function CaptchaImage({ code }: { code: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = CAPTCHA_LENGTH * CHAR_WIDTH + 24;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, width, HEIGHT);
    context.fillStyle = '#eef2f8';
    context.fillRect(0, 0, width, HEIGHT);
    for (let i = 0; i < 5; i += 1) {
      context.strokeStyle = `hsl(${Math.random() * 360} 40% 60%)`;
      context.beginPath();
      context.moveTo(Math.random() * width, Math.random() * HEIGHT);
      context.lineTo(Math.random() * width, Math.random() * HEIGHT);
      context.stroke();
    }
    context.font = 'bold 26px ui-monospace, Menlo, Consolas, monospace';
    context.textBaseline = 'middle';
    [...code].forEach((char, index) => {
      context.save();
      context.translate(12 + index * CHAR_WIDTH + CHAR_WIDTH / 2, HEIGHT / 2);
      context.rotate((Math.random() - 0.5) * 0.6);
      context.fillStyle = `hsl(${Math.random() * 360} 70% 25%)`;
      context.fillText(char, -CHAR_WIDTH / 3, 0);
      context.restore();
    });
  }, [code, width]);

  return (
    <canvas
      ref={canvas}
      className={styles.captchaImage}
      width={width}
      height={HEIGHT}
      role="img"
      aria-label={`Captcha code: ${[...code].join(' ')}`}
    />
  );
}
