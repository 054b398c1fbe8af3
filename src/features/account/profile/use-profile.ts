import type { Profile } from '@/data/users';
import { watchProfile } from '@/firebase/users-api';
import { useLiveValueOf, type LiveValue } from '@/firebase/use-live-value';

export type ProfileState = LiveValue<Profile>;

/** The person's profile, live. The listener is removed when the component leaves or the uid changes. */
export function useProfile(uid: string | undefined): ProfileState {
  return useLiveValueOf(uid, watchProfile);
}
