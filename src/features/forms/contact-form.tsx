import { TEXT_LIMITS } from '@/config/data-limits';
import { FormField } from './form-field';
import { SubmissionForm } from './submission-form';
import { useSubmissionForm } from './use-submission';
import { fieldRules } from './validation';

/** The inquiry form of /contact and /support: the input names are the stored field names
 *  (src/data/submission-fields.ts), and the function mails the inquiry to Leopard's inbox. */
export function ContactForm() {
  const { register, errors, frame } = useSubmissionForm('contact', { name: '', email: '', phone: '', city: '', message: '' });
  return (
    <SubmissionForm label="Inquiry" submitLabel="Send message" {...frame}>
      <FormField
        label="Full name"
        placeholder="Full Name"
        autoComplete="name"
        registration={register('name', fieldRules.fullName('Full name'))}
        error={errors.name?.message}
      />
      <FormField
        label="Email"
        type="email"
        placeholder="Contact Email"
        autoComplete="email"
        registration={register('email', fieldRules.email('Email'))}
        error={errors.email?.message}
      />
      <FormField
        label="Phone number"
        type="tel"
        placeholder="Contact Number"
        autoComplete="tel"
        registration={register('phone', fieldRules.phone('Phone number'))}
        error={errors.phone?.message}
      />
      <FormField
        label="City"
        placeholder="City"
        autoComplete="address-level2"
        registration={register('city', fieldRules.city('City'))}
        error={errors.city?.message}
      />
      <FormField
        label="Message"
        placeholder="How can we help?"
        multiline
        hint={`Up to ${TEXT_LIMITS.message.toLocaleString('en-US')} characters.`}
        registration={register('message', fieldRules.message('Message'))}
        error={errors.message?.message}
      />
    </SubmissionForm>
  );
}
