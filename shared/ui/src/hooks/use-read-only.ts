import { useStore } from 'zustand';
import { profileStore } from '../stores/profile-store';

/**
 * True when the signed-in user has read-only access. The API refuses their changes
 * with 403 whatever the browser shows; pages use this only to be honest about it up front.
 */
export function useReadOnly(): boolean {
  return useStore(profileStore, (state) => state.profile?.access === 'read-only');
}
