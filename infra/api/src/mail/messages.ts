import { DEFAULT_MAIL_FROM, type OutgoingMail } from './mailer';

/** Whom an e-mail is about: enough to greet them and, later, to find their tenant's branding. */
export interface MailRecipient {
  userId: string;
  email: string;
  firstName: string;
  organisationId: string;
}

/** Sender and branding of the messages a user receives. */
export interface MailBranding {
  from: string;
  replyTo: string | null;
  productName: string;
  logoUrl: string | null;
}

/**
 * The hook the white-label work fills in: given the recipient, return their tenant's sender
 * (whiteLabelEmail), name and logo. Until then every message uses MAIL_FROM.
 */
export type BrandingResolver = (recipient: MailRecipient) => Promise<MailBranding>;

export function defaultBrandingResolver(mailFrom: string = DEFAULT_MAIL_FROM): BrandingResolver {
  const productName = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom)?.[1] ?? 'Cloud Backup Portal';
  return async () => ({ from: mailFrom, replyTo: null, productName, logoUrl: null });
}

function envelope(recipient: MailRecipient, branding: MailBranding, subject: string, text: string): OutgoingMail {
  return { to: recipient.email, from: branding.from, replyTo: branding.replyTo, subject, text, html: null };
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
