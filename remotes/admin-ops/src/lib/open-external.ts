/** Leaves the portal for another site's page (Microsoft's consent page): a full navigation, not a route. */
export function openExternal(url: string): void {
  window.location.assign(url);
}
