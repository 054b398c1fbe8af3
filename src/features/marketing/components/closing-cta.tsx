import { ButtonLink } from '@/ui/button';
import { Actions, Section } from './section';

export interface CtaLink {
  to: string;
  label: string;
}

interface ClosingCtaProps {
  title: string;
  intro: string;
  primary: CtaLink;
  secondary?: CtaLink;
}

/** The dark band a marketing page ends with: one main call to action and an optional second one. */
export function ClosingCta({ title, intro, primary, secondary }: ClosingCtaProps) {
  return (
    <Section title={title} intro={intro} tone="night" layout="cta-band">
      <Actions>
        <ButtonLink to={primary.to} variant="accent">
          {primary.label}
        </ButtonLink>
        {secondary && (
          <ButtonLink to={secondary.to} variant="ghost">
            {secondary.label}
          </ButtonLink>
        )}
      </Actions>
    </Section>
  );
}
