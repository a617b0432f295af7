import type { OutboxMessage } from '@portal/contracts';
import type { Queryable } from '@portal/db';

export interface OutboxInsert {
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
}

export async function insertOutboxMessage(db: Queryable, message: OutboxInsert): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into email_outbox ("to", "from", reply_to, subject, text, html) values ($1, $2, $3, $4, $5, $6) returning id`,
    [message.to, message.from, message.replyTo ?? null, message.subject, message.text, message.html ?? null],
  );
  return rows[0].id;
}

export async function listOutbox(db: Queryable, limit = 50): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{ id: string; to: string; from: string; reply_to: string | null; subject: string; text: string; sent_at: Date }>(
    `select id, "to", "from", reply_to, subject, text, sent_at from email_outbox order by sent_at desc, id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    from: row.from,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text,
    sentAt: new Date(row.sent_at).toISOString(),
  }));
}
