/** The default portal logo's name, shown beside the mark. */
export const PORTAL_BRAND_NAME = 'Cloud Backup';

/** The default logo's mark (a cloud with a download arrow), drawn by the shell's logo and the sign-in page. */
export function PortalLogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <path fill="#2196f3" d="M24.5 13.2A8.5 8.5 0 0 0 8.2 11 6.5 6.5 0 0 0 9 24h15a5.5 5.5 0 0 0 .5-10.8z" />
      <path fill="#fff" d="M15 12h2v6h3l-4 5-4-5h3z" />
    </svg>
  );
}
