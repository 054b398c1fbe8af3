import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import styles from './password-input.module.scss';

/** The toggle's words, which are its accessible name as well. */
export const PASSWORD_TOGGLE_TEXTS = { show: 'Show password', hide: 'Hide password' } as const;

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
}

/** A password field with a button that shows what was typed (a pressed toggle) and hides it again,
 *  so a long password can be checked before it is sent; what was typed stays either way. The
 *  button's name is in its text, not an aria-label, so the field's own label ("Password") names
 *  the field alone. */
export function PasswordInput({ ref, ...input }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className={styles.wrap}>
      <input ref={ref} {...input} type={shown ? 'text' : 'password'} />
      <button type="button" className={styles.toggle} aria-pressed={shown} aria-controls={input.id} onClick={() => setShown((on) => !on)}>
        <Icon size={20} aria-hidden="true" />
        <span className="visually-hidden">{shown ? PASSWORD_TOGGLE_TEXTS.hide : PASSWORD_TOGGLE_TEXTS.show}</span>
      </button>
    </div>
  );
}
