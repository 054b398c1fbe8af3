/** What every staff action is given: the backends, the staff member calling, the request's body. */
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import type { MailSettings } from '../mail';
import type { StaffAuth, StaffMember } from './claims';
import type { Body } from './input';

export interface StaffDependencies {
  auth: StaffAuth & Pick<Auth, 'getUserByEmail' | 'setCustomUserClaims' | 'generateEmailVerificationLink' | 'revokeRefreshTokens'>;
  database: Database;
  /** Made on first use: only confirmTradeIn calls Stripe. */
  stripe: () => Stripe;
  /** Which Stripe Dashboard the console links to: the mode of the functions' key. */
  stripeMode: 'test' | 'live';
  mail: MailSettings;
  siteOrigins: readonly string[];
  now?: () => number;
}

export interface ActionContext {
  deps: StaffDependencies;
  actor: StaffMember;
  body: Body;
  now: number;
}
