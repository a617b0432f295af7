import { DEFAULT_MAIL_FROM, type MailAddress, type OutgoingMail } from './mailer';

/** Whom an e-mail is about: enough to greet them and, later, to find their tenant's branding. */
export interface MailRecipient {
  userId: string;
  email: string;
  firstName: string;
  organisationId: string;
}

/** Sender and branding of the messages a user receives. */
export interface MailBranding {
  from: string | MailAddress;
  replyTo: MailAddress | null;
  productName: string;
  logoUrl: string | null;
}

/**
 * Given the recipient, their tenant's sender (whiteLabelEmail), name and logo. The default sends
 * everything from MAIL_FROM; the API uses whitelabelBrandingResolver (./whitelabel-branding.ts).
 */
export type BrandingResolver = (recipient: MailRecipient) => Promise<MailBranding>;

export function defaultBrandingResolver(mailFrom: string = DEFAULT_MAIL_FROM): BrandingResolver {
  const productName = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom)?.[1] ?? 'Cloud Backup Portal';
  return async () => ({ from: mailFrom, replyTo: null, productName, logoUrl: null });
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * With a brand logo the message also gets an HTML part: the logo on top, then the same text, escaped
 * (nothing a user typed is ever markup). Only absolute http(s) logo URLs can load in a mail client.
 */
export function brandedHtml(branding: MailBranding, text: string): string | null {
  if (!branding.logoUrl || !/^https?:\/\//.test(branding.logoUrl)) return null;
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif">
<p><img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.productName)}" style="max-height:48px"></p>
${paragraphs}
</body></html>`;
}

export function envelope(recipient: MailRecipient, branding: MailBranding, subject: string, text: string): OutgoingMail {
  return { to: recipient.email, from: branding.from, replyTo: branding.replyTo, subject, text, html: brandedHtml(branding, text) };
}

const hello = (recipient: MailRecipient) => `Hello ${recipient.firstName || 'there'},`;

export function mfaCodeMail(recipient: MailRecipient, branding: MailBranding, code: string): OutgoingMail {
  return envelope(
    recipient,
    branding,
    `Your ${branding.productName} sign-in code: ${code}`,
    `${hello(recipient)}

Your sign-in code is: ${code}

Enter it on the verification page to finish signing in. The code works once and expires in 10 minutes.

If you did not just try to sign in, someone may know your password. Please change it as soon as you can.

${branding.productName}`,
  );
}

export function resetCodeMail(recipient: MailRecipient, branding: MailBranding, code: string): OutgoingMail {
  return envelope(
    recipient,
    branding,
    `Your ${branding.productName} password reset code: ${code}`,
    `${hello(recipient)}

We received a request to reset your password. Your verification code is: ${code}

Enter it on the code verification page, then choose a new password. The code works once and expires in 10 minutes.

If you did not ask for this, you can ignore this e-mail: your password stays as it is.

${branding.productName}`,
  );
}

export function passwordChangedMail(recipient: MailRecipient, branding: MailBranding, when: Date): OutgoingMail {
  return envelope(
    recipient,
    branding,
    `Your ${branding.productName} password was changed`,
    `${hello(recipient)}

The password of your account was changed on ${when.toUTCString()}. For your safety we signed you out everywhere, so please sign in again with the new password.

If you did not make this change, reset your password straight away from the sign-in page ("Forgot password") and contact your administrator.

${branding.productName}`,
  );
}

export function mfaChangeCodeMail(recipient: MailRecipient, branding: MailBranding, code: string, action: 'enable' | 'disable'): OutgoingMail {
  const what = action === 'enable' ? 'turn on multi-factor authentication' : 'turn off multi-factor authentication';
  return envelope(
    recipient,
    branding,
    `Your ${branding.productName} verification code: ${code}`,
    `${hello(recipient)}

Your verification code is: ${code}

Enter it in your profile's security settings to ${what}. The code works once and expires in 10 minutes.

If you did not ask for this, someone may know your password. Please change it as soon as you can.

${branding.productName}`,
  );
}

export function mfaChangedMail(recipient: MailRecipient, branding: MailBranding, method: 'email' | 'totp' | null, when: Date): OutgoingMail {
  const state =
    method === null
      ? 'Multi-factor authentication was turned off'
      : `Multi-factor authentication was turned on (${method === 'totp' ? 'authenticator app' : 'codes by e-mail'})`;
  return envelope(
    recipient,
    branding,
    `Security notice: ${state.toLowerCase()}`,
    `${hello(recipient)}

${state} for your ${branding.productName} account on ${when.toUTCString()}.

If you did not make this change, reset your password straight away from the sign-in page ("Forgot password") and contact your administrator.

${branding.productName}`,
  );
}

/**
 * Sent to a white-label address (not to a user) to prove that whoever saved it receives its mail.
 * It never goes out from or replies to that address: it is unverified until this code comes back.
 */
export function senderVerificationMail(address: string, branding: MailBranding, code: string): OutgoingMail {
  const text = `Hello,

An administrator of ${branding.productName} asked the backup portal to send its e-mail with this address (${address}) as the sender or the reply address.

The verification code is: ${code}

Enter it on the White-label page to confirm. The code works once and expires in 10 minutes.

If you do not know about this, ignore this e-mail: the address will not be used.

${branding.productName}`;
  return { to: address, from: branding.from, replyTo: null, subject: `Verify your sender address for ${branding.productName}: ${code}`, text, html: brandedHtml(branding, text) };
}
