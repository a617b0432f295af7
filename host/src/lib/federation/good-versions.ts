// The versions that loaded and rendered well in this browser, by remote: the candidates for an
// automatic fallback. Only version names are kept; entry and integrity always come from the server.
export const GOOD_VERSIONS_KEY = 'portal-remote-good-versions';

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GOOD_VERSIONS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberGoodVersion(remote: string, version: string): void {
  if (!version) return;
  try {
    const all = readAll();
    if (all[remote] === version) return;
    localStorage.setItem(GOOD_VERSIONS_KEY, JSON.stringify({ ...all, [remote]: version }));
  } catch {
    // Storage full or blocked: fallback just becomes unavailable.
  }
}

export function lastGoodVersion(remote: string): string | undefined {
  const version = readAll()[remote];
  return typeof version === 'string' ? version : undefined;
}
