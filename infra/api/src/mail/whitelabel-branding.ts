import type { Queryable } from '../db/database';
import { findEffectiveWhitelabel } from '../repositories/whitelabel-repository';
import { DEFAULT_MAIL_FROM } from './mailer';
import type { BrandingResolver, MailBranding } from './messages';

const productNameOf = (mailFrom: string) => /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom)?.[1] ?? 'Cloud Backup Portal';

/** A display name safe inside a From header: no quotes, angle brackets or line breaks. */
const headerName = (name: string) => name.replace(/["<>\r\n\\]/g, '').trim();

export interface WhitelabelBrandingOptions {
  db: Queryable;
  mailFrom?: string;
  /** The portal's public origin (e.g. https://backup.example.com): turns uploaded logo paths into absolute URLs for mail. */
  publicUrl?: string;
}

/**
 * Mail branding from the recipient's white-label settings (their organisation's, else the nearest
 * ancestor's): the white-label e-mail becomes the sender and reply-to, the brand owner's name the
 * product name, and the logo goes into the HTML part. Without settings: MAIL_FROM, as before.
 */
export function whitelabelBrandingResolver(options: WhitelabelBrandingOptions): BrandingResolver {
  const mailFrom = options.mailFrom ?? DEFAULT_MAIL_FROM;
  const fallback = productNameOf(mailFrom);
  const origin = options.publicUrl?.replace(/\/+$/, '');
  return async (recipient): Promise<MailBranding> => {
    const brand = await findEffectiveWhitelabel(options.db, recipient.organisationId);
    if (!brand) return { from: mailFrom, replyTo: null, productName: fallback, logoUrl: null };
    const productName = brand.whiteLabelEmail ? headerName(brand.sourceOrganisationName) || fallback : fallback;
    const logo = brand.whitelabelImageUrl;
    const logoUrl = !logo ? null : logo.startsWith('https://') ? logo : origin ? `${origin}${logo}` : null;
    return {
      from: brand.whiteLabelEmail ? `"${productName}" <${brand.whiteLabelEmail}>` : mailFrom,
      replyTo: brand.whiteLabelEmail,
      productName,
      logoUrl,
    };
  };
}
