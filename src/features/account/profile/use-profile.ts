import type { Profile } from '@/data/users';
import { watchProfile } from '@/data/users-api';
import { useLiveValue, type WatchedState } from '../use-live-value';

export type ProfileState = WatchedState<Profile>;

/** The person's profile, live. The listener is removed when the component leaves or the uid changes. */
export function useProfile(uid: string | undefined): ProfileState {
  return useLiveValue(uid, watchProfile);
}
