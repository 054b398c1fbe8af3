import { WARRANTY_YEARS } from '@/catalog/add-ons';
import { BRAND } from '@/config/brand';
import { PageIntro } from '@/ui/page-intro';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { Section } from './components/section';
import { TrustedCustomers } from './components/trusted-customers';
import { BRONZE_BANNER, LARGE_PLAN_BANNERS } from './content/plan-banners';
import { LargePlanBanner, MiniPlanBanner, monthlyPrice } from './why-choose/plan-banners';
import styles from './why-choose/why-choose.module.scss';

export default function WhyChoosePage() {
  return (
    <>
      <PageIntro title={`Why choose ${BRAND.name}`} summary={PAGE_SUMMARIES.whyChoose} />

      <Section
        title="Website plans"
        intro={`Fixed monthly prices in US dollars. Every plan includes a ${WARRANTY_YEARS}-year warranty; pay yearly and pay for twelve months, nothing more.`}
      >
        <ul className={styles.largeList}>
          {LARGE_PLAN_BANNERS.map((banner) => (
            <LargePlanBanner key={banner.plan} banner={banner} />
          ))}
        </ul>
      </Section>

      <Section title="Not quite the right fit?" tone="alt">
        <ul className={styles.miniList}>
          <MiniPlanBanner
            title={`Bronze — ${monthlyPrice(BRONZE_BANNER)} a month`}
            text={BRONZE_BANNER.tagline}
            plan={BRONZE_BANNER.plan}
            linkLabel="See the Bronze plan"
          />
          <MiniPlanBanner
            title="Need something custom?"
            text="Tell us what you are building and we will shape a plan around it."
            plan="contact"
            linkLabel="Ask us for a custom plan"
          />
          <MiniPlanBanner
            title="Already a customer?"
            text="Sign in to see your plan, change add-ons or add a project."
            plan="sign-in"
            linkLabel="Sign in to your plan"
          />
        </ul>
      </Section>

      <TrustedCustomers />
    </>
  );
}
