import type { RegistryEntry } from './registry';

export type RemoteRegistration = { entries: RegistryEntry[]; allowedRemoteOrigins: string[]; registryRefreshMs?: number };

// Handed over by start-up (federation-start.ts), applied by federation.ts once it has loaded.
let pending: RemoteRegistration | null = null;

export function setPendingRegistration(registration: RemoteRegistration): void {
  pending = registration;
}

/** The registration start-up left, once. */
export function takePendingRegistration(): RemoteRegistration | null {
  const registration = pending;
  pending = null;
  return registration;
}
