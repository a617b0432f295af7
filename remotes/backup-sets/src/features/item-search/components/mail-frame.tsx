import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Mail HTML comes raw from the mailbox. It is sanitised (no scripts, handlers, forms or frames) and
 * then shown in a frame with an empty sandbox, so even what slips through can run nothing and
 * cannot reach the portal; remote images are dropped so opening a mail does not signal its sender.
 */
export function sanitiseMail(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'link', 'meta', 'base'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
  const doc = new DOMParser().parseFromString(clean, 'text/html');
  doc.querySelectorAll('img').forEach((img) => {
    if (!/^data:image\//i.test(img.getAttribute('src') ?? '')) img.removeAttribute('src');
  });
  return doc.body.innerHTML;
}

export function MailFrame({ html, title }: { html: string; title: string }) {
  const srcDoc = useMemo(
    () => `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:8px;color:#222;background:#fff;word-wrap:break-word}</style></head><body>${sanitiseMail(html)}</body></html>`,
    [html],
  );
  return <iframe title={title} sandbox="" srcDoc={srcDoc} style={{ width: '100%', height: 360, border: 0, background: '#fff' }} />;
}
