import { useId, useRef, useState, type ChangeEvent, type FormEvent, type HTMLInputTypeAttribute } from 'react';
import { authErrorMessage } from '@/session/auth-errors';
import { alertError } from '@/ui/alerts';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { PasswordInput } from '@/ui/password-input';
import { Modal } from '@/ui/modal';
import { PROFILE_FAILURE_TITLE } from './messages';
import type { FieldErrors } from './profile-validation';
import styles from './profile-settings.module.scss';

export interface EditField<K extends string> {
  name: K;
  label: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  maxLength?: number;
  hint?: string;
  /** Makes the field a select of these choices. */
  options?: readonly { value: string; label: string }[];
}

export interface EditDialogProps<K extends string> {
  title: string;
  fields: EditField<K>[];
  initial: Record<K, string>;
  validate: (values: Record<K, string>) => FieldErrors<K>;
  /** Saves; a rejection shows "Oops!" with its message in plain words and keeps the dialog open
   *  with what was typed. */
  onSave: (values: Record<K, string>) => Promise<void>;
  /** Called after a successful save. */
  onDone: () => void;
  onClose: () => void;
}

/** A modal form of one or two fields: errors under the fields (announced, aria-invalid), the save
 *  button busy while the change runs. */
export function EditDialog<K extends string>({ title, fields, initial, validate, onSave, onDone, onClose }: EditDialogProps<K>) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const firstInvalid = fields.findIndex((field) => found[field.name]);
    if (firstInvalid >= 0) {
      formRef.current?.querySelectorAll<HTMLElement>('input, select')[firstInvalid]?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSave(values);
    } catch (error) {
      setBusy(false);
      await alertError({ title: PROFILE_FAILURE_TITLE, text: authErrorMessage(error) });
      return;
    }
    onDone();
  };

  return (
    <Modal
      open
      title={title}
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        {fields.map((field) => {
          const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
            setValues((current) => ({ ...current, [field.name]: event.target.value }));
          return (
            <FormField key={field.name} label={field.label} hint={field.hint} error={errors[field.name]} announceError>
              {(control) =>
                field.options ? (
                  <select {...control} name={field.name} autoComplete={field.autoComplete} value={values[field.name]} onChange={onChange}>
                    {field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : field.type === 'password' ? (
                  <PasswordInput
                    {...control}
                    name={field.name}
                    autoComplete={field.autoComplete}
                    value={values[field.name]}
                    onChange={onChange}
                  />
                ) : (
                  <input
                    {...control}
                    name={field.name}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    maxLength={field.maxLength}
                    value={values[field.name]}
                    onChange={onChange}
                  />
                )
              }
            </FormField>
          );
        })}
      </form>
    </Modal>
  );
}
