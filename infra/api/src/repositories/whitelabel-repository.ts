import type { PresetColor } from '@portal/config';
import type { WhitelabelValues } from '@portal/contracts';
import type { Queryable } from '@portal/db';

export interface EffectiveWhitelabel extends WhitelabelValues {
  sourceOrganisationId: string;
  sourceOrganisationName: string;
  /** whiteLabelEmail came back with its code (and has not changed since). */
  senderVerified: boolean;
}

interface Row {
  organisation_id: string;
  organisation_name: string;
  copyright_text: string | null;
  whitelabel_email: string | null;
  logo_url: string | null;
  preset_color: PresetColor | null;
}

const toValues = (row: Row): WhitelabelValues => ({
  copyrightText: row.copyright_text,
  whitelabelImageUrl: row.logo_url,
  whiteLabelEmail: row.whitelabel_email,
  presetColor: row.preset_color,
});

/**
 * The branding that applies to an organisation: its own settings, else those of the nearest
 * ancestor that has some (customer -> partner -> provider). Only the organisation's own path is
 * searched, so a sibling's branding can never apply.
 */
export async function findEffectiveWhitelabel(db: Queryable, organisationId: string): Promise<EffectiveWhitelabel | undefined> {
  const { rows } = await db.query<Row & { sender_verified: boolean }>(
    `select w.organisation_id, o.name as organisation_name, w.copyright_text, w.whitelabel_email, w.logo_url, w.preset_color,
            w.sender_verified_at is not null as sender_verified
     from organisations target
     join organisations o on starts_with(target.path, o.path)
     join whitelabel_settings w on w.organisation_id = o.id
     where target.id = $1
     order by length(o.path) desc
     limit 1`,
    [organisationId],
  );
  const row = rows[0];
  return row
    ? {
        ...toValues(row),
        sourceOrganisationId: row.organisation_id,
        sourceOrganisationName: row.organisation_name,
        senderVerified: row.whitelabel_email !== null && row.sender_verified === true,
      }
    : undefined;
}

export async function findOwnWhitelabel(db: Queryable, organisationId: string): Promise<WhitelabelValues | undefined> {
  const { rows } = await db.query<Row>(
    `select w.organisation_id, o.name as organisation_name, w.copyright_text, w.whitelabel_email, w.logo_url, w.preset_color
     from whitelabel_settings w join organisations o on o.id = w.organisation_id
     where w.organisation_id = $1`,
    [organisationId],
  );
  return rows[0] ? toValues(rows[0]) : undefined;
}

export async function upsertWhitelabel(db: Queryable, organisationId: string, values: WhitelabelValues, updatedBy: string): Promise<void> {
  await db.query(
    `insert into whitelabel_settings (organisation_id, copyright_text, whitelabel_email, logo_url, preset_color, updated_by)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (organisation_id) do update set
       copyright_text = excluded.copyright_text, whitelabel_email = excluded.whitelabel_email, logo_url = excluded.logo_url,
       preset_color = excluded.preset_color, updated_by = excluded.updated_by, updated_at = now(),
       -- Proof of one address says nothing about another: a changed address starts unverified.
       sender_verified_at = case when whitelabel_settings.whitelabel_email is not distinct from excluded.whitelabel_email
                                 then whitelabel_settings.sender_verified_at end,
       sender_code_id = case when whitelabel_settings.whitelabel_email is not distinct from excluded.whitelabel_email
                             then whitelabel_settings.sender_code_id end`,
    [organisationId, values.copyrightText, values.whiteLabelEmail, values.whitelabelImageUrl, values.presetColor, updatedBy],
  );
}

/** Sets only the logo, creating the organisation's settings row if it has none yet. */
export async function setWhitelabelLogo(db: Queryable, organisationId: string, logoUrl: string, updatedBy: string): Promise<void> {
  await db.query(
    `insert into whitelabel_settings (organisation_id, logo_url, updated_by) values ($1, $2, $3)
     on conflict (organisation_id) do update set logo_url = excluded.logo_url, updated_by = excluded.updated_by, updated_at = now()`,
    [organisationId, logoUrl, updatedBy],
  );
}

export interface OwnSender {
  address: string;
  verified: boolean;
  /** The code mailed to this address, while it can still be used. */
  liveCodeId: string | null;
}

export async function findOwnSender(db: Queryable, organisationId: string): Promise<OwnSender | undefined> {
  const { rows } = await db.query<{ whitelabel_email: string; verified: boolean; live_code_id: string | null }>(
    `select w.whitelabel_email, w.sender_verified_at is not null as verified, c.id as live_code_id
     from whitelabel_settings w
     left join one_time_codes c on c.id = w.sender_code_id and c.consumed_at is null and c.expires_at > now()
     where w.organisation_id = $1 and w.whitelabel_email is not null`,
    [organisationId],
  );
  const row = rows[0];
  return row ? { address: row.whitelabel_email, verified: row.verified === true, liveCodeId: row.live_code_id } : undefined;
}

/** Links the code just mailed to the address, unless the address changed meanwhile. */
export async function linkSenderCode(db: Queryable, organisationId: string, address: string, codeId: string): Promise<boolean> {
  const { rows } = await db.query(
    `update whitelabel_settings set sender_code_id = $3 where organisation_id = $1 and whitelabel_email = $2 returning organisation_id`,
    [organisationId, address, codeId],
  );
  return rows.length === 1;
}

/** Marks the address verified if the used code is still the one linked to it. */
export async function markSenderVerified(db: Queryable, organisationId: string, codeId: string): Promise<boolean> {
  const { rows } = await db.query(
    `update whitelabel_settings set sender_verified_at = now(), sender_code_id = null
     where organisation_id = $1 and sender_code_id = $2 returning organisation_id`,
    [organisationId, codeId],
  );
  return rows.length === 1;
}
