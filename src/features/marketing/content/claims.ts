/** The figures the marketing pages quote (docs/product.md#marketing-content). Defined once so every page that shows
 *  them says the same thing. */
import { BRAND } from '@/config/brand';

export interface Stat {
  /** The figure itself, shown large: "250+". */
  value: string;
  /** What it counts, read after the value: "engineers". */
  label: string;
}

/** Track record: the trusted-customer figures shown on the home, next-gen and plans pages. */
export const TRACK_RECORD: readonly Stat[] = [
  { value: '240+', label: 'happy clients' },
  { value: '$8M', label: 'made for clients' },
  { value: '250+', label: 'engineers' },
  { value: '1.2M', label: 'lines of code' },
];

/** Automation outcome quoted beside the track record. */
export const STAFF_REDUCTION: Stat = { value: '75%', label: 'staff reduction' };

/** Space's streaming membership. */
export const MEMBERSHIP = {
  name: `Snow ${BRAND.name} membership`,
  price: '$8.99 a month',
  videos: 'over 500,000 videos',
} as const;

/** People who asked for development-environment access recently (refreshed with each release). */
export const ACCESS_REQUESTS = { count: '1,284', window: 'in the last 48 hours' } as const;
