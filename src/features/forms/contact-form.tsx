import { FormField } from './form-field';
import { SubmissionForm } from './submission-form';
import { useSubmissionForm } from './use-submission';

/** The inquiry form of /contact and /support: the input names are the stored field names
 *  (src/data/submission-fields.ts), and the function mails the inquiry to Leopard's inbox. */
export function ContactForm() {
  const { field, frame } = useSubmissionForm(
    'contact',
    { name: '', email: '', phone: '', city: '', message: '' },
    { name: 'name', email: 'email' },
  );
  return (
    <SubmissionForm label="Inquiry" submitLabel="Send message" {...frame}>
      <FormField {...field('name', 'Full Name')} />
      <FormField {...field('email', 'Contact Email')} />
      <FormField {...field('phone', 'Contact Number')} />
      <FormField {...field('city', 'City')} />
      <FormField {...field('message', 'How can we help?')} />
    </SubmissionForm>
  );
}
