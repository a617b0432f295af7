import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Db } from '@portal/db';
import { insertOutboxMessage } from '../repositories/outbox-repository';

export const DEFAULT_MAIL_FROM = 'Cloud Backup Portal <no-reply@portal.local>';

/**
 * A mailbox as nodemailer takes it: it encodes the name and checks the address itself, so nothing a
 * partner typed is ever spliced into a header line.
 */
export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  to: string;
  from: string | MailAddress;
  replyTo?: string | MailAddress | null;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  /** 'smtp' delivers for real; 'outbox' stores the message in the email_outbox table (demo, tests). */
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingMail): Promise<void>;
  /** SMTP only: connects and authenticates without sending (api/health). */
  verify?(): Promise<void>;
  close(): Promise<void>;
}

/** MAIL_FROM (operator-set, e.g. `Acme Backup <backup@acme.example>`) as a mailbox. */
export function parseMailbox(value: string): MailAddress {
  const [first] = addressparser(value, { flatten: true });
  if (!first?.address) throw new Error(`Not an e-mail address: "${value}"`);
  return { name: first.name, address: first.address };
}

/** How a sender reads in the outbox and on the white-label page (never written into a header). */
export function formatMailbox(mailbox: string | MailAddress): string {
  if (typeof mailbox === 'string') return mailbox;
  return mailbox.name ? `${mailbox.name} <${mailbox.address}>` : mailbox.address;
}

/** Stores messages in the database so every API process (and the demo's dev/outbox page) sees them. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutboxMessage(db, {
        ...message,
        from: formatMailbox(message.from),
        replyTo: message.replyTo ? formatMailbox(message.replyTo) : null,
      });
    },
    async close() {},
  };
}

/** SMTP delivery; smtpUrl is e.g. smtps://user:pass@smtp.example.com:465 or smtp://host:587. */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        to: message.to,
        from: message.from,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
      });
    },
    async verify() {
      await transport.verify();
    },
    async close() {
      transport.close();
    },
  };
}

export function createMailer(options: { db: Db; smtpUrl?: string }): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl) : createOutboxMailer(options.db);
}
