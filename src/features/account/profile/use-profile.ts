import { useLiveValue, type WatchedState } from '../use-live-value';
import { watchProfile, type Profile } from './profile-data';

export type ProfileState = WatchedState<Profile>;

/** The person's profile, live. The listener is removed when the component leaves or the uid changes. */
export function useProfile(uid: string | undefined): ProfileState {
  return useLiveValue(uid, watchProfile);
}
