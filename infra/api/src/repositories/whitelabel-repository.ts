import type { PresetColor } from '@portal/config';
import type { WhitelabelValues } from '@portal/contracts';
import type { Queryable } from '../db/database';

export interface EffectiveWhitelabel extends WhitelabelValues {
  sourceOrganisationId: string;
  sourceOrganisationName: string;
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
  const { rows } = await db.query<Row>(
    `select w.organisation_id, o.name as organisation_name, w.copyright_text, w.whitelabel_email, w.logo_url, w.preset_color
     from organisations target
     join organisations o on starts_with(target.path, o.path)
     join whitelabel_settings w on w.organisation_id = o.id
     where target.id = $1
     order by length(o.path) desc
     limit 1`,
    [organisationId],
  );
  const row = rows[0];
  return row ? { ...toValues(row), sourceOrganisationId: row.organisation_id, sourceOrganisationName: row.organisation_name } : undefined;
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
       preset_color = excluded.preset_color, updated_by = excluded.updated_by, updated_at = now()`,
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
