import { authStore } from '@portal/auth-bridge';
import { callRoute } from '@portal/contracts/call-endpoint';
import type { remoteReportEndpoints } from '@portal/contracts/endpoints/remote-report';
import { firstPageRoutes } from '@portal/contracts/endpoints/first-page';

/** Reports already sent from this tab: one per remote and version (sessionStorage is per tab). */
const STORAGE_KEY = 'portal.remoteLoadsReported';
const sentInMemory = new Set<string>();

function alreadySent(key: string): boolean {
  if (sentInMemory.has(key)) return true;
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) && stored.includes(key);
  } catch {
    return false;
  }
}

function markSent(key: string): void {
  sentInMemory.add(key);
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    const keys = Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...keys, key].slice(-100)));
  } catch {
    // Storage may be full or disabled: the in-memory set still limits this page.
  }
}

/**
 * Tells the API that a remote version's module loaded in this browser (and how long it took), so
 * /health-check can weigh failures against successful loads. Signed-in users only; at most once per
 * remote, version and tab session; a report that fails is just logged.
 */
export async function reportRemoteLoad(remote: string, version: string, ms: number): Promise<void> {
  if (!version || !authStore.getState().isLoggedIn) return;
  const key = `${remote}@${version}`;
  if (alreadySent(key)) return;
  markSent(key);
  try {
    await callRoute<(typeof remoteReportEndpoints)['reportRemoteLoad']>(firstPageRoutes.reportRemoteLoad, {
      params: { name: remote },
      body: { version, ms: Math.max(0, Math.min(600_000, Math.round(ms))) },
    });
  } catch (error) {
    console.error('Remote load could not be reported', error);
  }
}

/** Test hook. */
export function resetReportedLoads(): void {
  sentInMemory.clear();
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // ignore
  }
}
