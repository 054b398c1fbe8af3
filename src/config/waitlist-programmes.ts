/** The two waitlists share one form; the enterprise page's link names the builder's. In config, the
 *  lowest shared layer, because the paths name a programme (`paths.builderWaitlist`) and the staff
 *  records, the form's checks and the rules read the list: every page loads the paths, and this
 *  module keeps the staff module out of that bundle (docs/decisions/0128-pure-shared-layers.md). */
export const WAITLIST_PROGRAMMES = ['open-access', 'builder'] as const;
export type WaitlistProgramme = (typeof WAITLIST_PROGRAMMES)[number];
export const DEFAULT_WAITLIST_PROGRAMME: WaitlistProgramme = 'open-access';

/** The query parameter of the waitlist page that picks the programme (`?programme=builder`). */
export const WAITLIST_PROGRAMME_PARAM = 'programme';

export function isWaitlistProgramme(value: unknown): value is WaitlistProgramme {
  return typeof value === 'string' && (WAITLIST_PROGRAMMES as readonly string[]).includes(value);
}

/** The programme a waitlist address asks for; anything but a known one is the open-access list. */
export function waitlistProgrammeOf(search: URLSearchParams): WaitlistProgramme {
  const requested = search.get(WAITLIST_PROGRAMME_PARAM);
  return isWaitlistProgramme(requested) ? requested : DEFAULT_WAITLIST_PROGRAMME;
}
