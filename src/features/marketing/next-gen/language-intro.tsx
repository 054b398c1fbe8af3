import { useState } from 'react';
import type { LanguageIntro as Intro } from '../content/next-gen-intros';
import styles from './language-intro.module.scss';

/** Language buttons that switch the introduction beside them; the pressed one is the language shown. */
export function LanguageIntro({ intros }: { intros: readonly Intro[] }) {
  const [lang, setLang] = useState(intros[0]?.lang);
  const current = intros.find((intro) => intro.lang === lang) ?? intros[0];
  if (!current) return null;
  return (
    <div className={styles.wrapper}>
      <div role="group" aria-label="Language of the introduction" className={styles.buttons}>
        {intros.map((intro) => (
          <button
            key={intro.lang}
            type="button"
            lang={intro.lang}
            aria-pressed={intro.lang === current.lang}
            className={styles.button}
            onClick={() => setLang(intro.lang)}
          >
            {intro.label}
          </button>
        ))}
      </div>
      <div lang={current.lang} aria-live="polite" className={styles.copy}>
        <h3>{current.heading}</h3>
        <p>{current.text}</p>
      </div>
    </div>
  );
}
