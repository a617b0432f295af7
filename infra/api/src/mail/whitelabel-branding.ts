import type { Queryable } from '@portal/db';
import { findEffectiveWhitelabel, type EffectiveWhitelabel } from '../repositories/whitelabel-repository';
import { DEFAULT_MAIL_FROM, parseMailbox, type MailAddress } from './mailer';
import type { BrandingResolver, MailBranding } from './messages';

/** A display name for a From header: nodemailer encodes it, and line breaks or quotes never help a name. */
const displayName = (name: string) => name.replace(/[\u0000-\u001f\u007f"<>\\]/g, '').trim();

// The rule for MAIL_SENDER_DOMAINS lives in @portal/settings with every other variable's.
export { parseSenderDomains } from '@portal/settings';

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

export interface SenderPolicy {
  /** MAIL_FROM as the operator wrote it, and as a mailbox. */
  mailFrom: string;
  platform: MailAddress;
  /** MAIL_SENDER_DOMAINS: the domains the operator sends for (SPF/DKIM set up), lower case. */
  senderDomains: readonly string[];
}

/**
 * The headers mail branded by `brand` carries. A partner's address is the From only when it is
 * verified and its domain is one the operator sends for; otherwise mail comes from the platform's
 * address under the partner's name, with replies going to the partner's address once verified. An
 * unverified address is never used at all: anyone could have typed a bank's.
 */
export function brandedSender(brand: EffectiveWhitelabel | undefined, policy: SenderPolicy): Pick<MailBranding, 'from' | 'replyTo' | 'productName'> {
  const fallbackName = policy.platform.name || 'Cloud Backup Portal';
  if (!brand?.whiteLabelEmail) return { from: policy.mailFrom, replyTo: null, productName: fallbackName };
  const productName = displayName(brand.sourceOrganisationName) || fallbackName;
  const partner: MailAddress = { name: productName, address: brand.whiteLabelEmail };
  if (!brand.senderVerified) return { from: { name: productName, address: policy.platform.address }, replyTo: null, productName };
  const allowed = policy.senderDomains.includes(domainOf(brand.whiteLabelEmail));
  return { from: allowed ? partner : { name: productName, address: policy.platform.address }, replyTo: partner, productName };
}

export interface WhitelabelBrandingOptions {
  db: Queryable;
  mailFrom?: string;
  /** MAIL_SENDER_DOMAINS, parsed (parseSenderDomains). Empty: no partner address is ever the From. */
  senderDomains?: readonly string[];
  /** The portal's public origin (e.g. https://backup.example.com): turns uploaded logo paths into absolute URLs for mail. */
  publicUrl?: string;
}

export function senderPolicyOf(options: Pick<WhitelabelBrandingOptions, 'mailFrom' | 'senderDomains'>): SenderPolicy {
  const mailFrom = options.mailFrom ?? DEFAULT_MAIL_FROM;
  return { mailFrom, platform: parseMailbox(mailFrom), senderDomains: options.senderDomains ?? [] };
}

/**
 * Mail branding from the recipient's white-label settings (their organisation's, else the nearest
 * ancestor's): sender per brandedSender, the brand owner's name as the product name, and the logo
 * in the HTML part. Without settings: MAIL_FROM, as before.
 */
export function whitelabelBrandingResolver(options: WhitelabelBrandingOptions): BrandingResolver {
  const policy = senderPolicyOf(options);
  const origin = options.publicUrl?.replace(/\/+$/, '');
  return async (recipient): Promise<MailBranding> => {
    const brand = await findEffectiveWhitelabel(options.db, recipient.organisationId);
    const logo = brand?.whitelabelImageUrl;
    const logoUrl = !logo ? null : logo.startsWith('https://') ? logo : origin ? `${origin}${logo}` : null;
    return { ...brandedSender(brand, policy), logoUrl };
  };
}
