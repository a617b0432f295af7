import { build, signin } from '../test/build';
import { brandedHtml, passwordChangedMail } from './messages';
import type { EffectiveWhitelabel } from '../repositories/whitelabel-repository';
import { brandedSender, parseSenderDomains, senderPolicyOf, whitelabelBrandingResolver } from './whitelabel-branding';

const recipient = (organisationId: string) => ({ userId: 'u', email: 'c@example.com', firstName: 'Chris', organisationId });

describe('whitelabelBrandingResolver', () => {
  it('uses the nearest white-label settings; uploaded logos become absolute with the public URL', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const logo = `/backend/media/${'a'.repeat(64)}.png`;
    await app.apiDb.query(
      `insert into stored_images (sha256, content_type, bytes, size) values ($1, 'image/png', '\\x89504e470d0a1a0a'::bytea, 8)`,
      ['a'.repeat(64)],
    );
    const put = await app.inject({
      method: 'PUT',
      url: `/backend/api/users/${partner.userId}/whitelabel`,
      headers: partner.headers,
      payload: { copyrightText: '', whiteLabelEmail: 'help@reseller.example', whitelabelImageUrl: logo, presetColor: 'default' },
    });
    expect(put.statusCode).toBe(200);
    const { rows } = await app.apiDb.query<{ id: string; name: string }>('select id, name from organisations');
    const org = Object.fromEntries(rows.map((r) => [r.name, r.id]));

    const resolve = whitelabelBrandingResolver({ db: app.apiDb, publicUrl: 'https://portal.example/' });
    // Not verified yet: the partner's name, never its address.
    expect(await resolve(recipient(org['Demo Customer']))).toEqual({
      from: { name: 'Demo Partner', address: 'no-reply@portal.local' },
      replyTo: null,
      productName: 'Demo Partner',
      logoUrl: `https://portal.example${logo}`,
    });
    expect(await resolve(recipient(org['Second Demo Customer']))).toEqual({
      from: 'Cloud Backup Portal <no-reply@portal.local>',
      replyTo: null,
      productName: 'Cloud Backup Portal',
      logoUrl: null,
    });
    // Without a public URL an uploaded logo cannot be linked from a mail client.
    expect((await whitelabelBrandingResolver({ db: app.apiDb })(recipient(org['Demo Customer']))).logoUrl).toBeNull();
  });
});

describe('brandedHtml', () => {
  it('puts the logo above the escaped text, and adds nothing without an absolute logo URL', () => {
    const branding = { from: 'x', replyTo: null, productName: 'A "B" <C>', logoUrl: 'https://cdn.example.com/l.png' };
    const mail = passwordChangedMail({ userId: 'u', email: 'e@x.io', firstName: '<script>', organisationId: 'o' }, branding, new Date(0));
    expect(mail.html).toContain('<img src="https://cdn.example.com/l.png" alt="A &quot;B&quot; &lt;C&gt;"');
    expect(mail.html).toContain('Hello &lt;script&gt;,');
    expect(mail.html).not.toContain('<script>');
    expect(brandedHtml({ ...branding, logoUrl: '/backend/media/x.png' }, 'hi')).toBeNull();
    expect(brandedHtml({ ...branding, logoUrl: null }, 'hi')).toBeNull();
  });
});

describe('brandedSender', () => {
  const brand = (over: Partial<EffectiveWhitelabel> = {}): EffectiveWhitelabel => ({
    copyrightText: null,
    whitelabelImageUrl: null,
    whiteLabelEmail: 'help@Reseller.example',
    presetColor: null,
    sourceOrganisationId: 'o',
    sourceOrganisationName: 'Reseller Ltd',
    senderVerified: true,
    ...over,
  });
  const policy = senderPolicyOf({ mailFrom: 'Acme Backup <backup@acme.example>', senderDomains: parseSenderDomains(' reseller.example , Other.Example.') });
  const platform = (name: string) => ({ name, address: 'backup@acme.example' });
  const partner = { name: 'Reseller Ltd', address: 'help@Reseller.example' };

  it('reads MAIL_SENDER_DOMAINS as lower-case exact domains', () => {
    expect(policy.senderDomains).toEqual(['reseller.example', 'other.example']);
    expect(parseSenderDomains(undefined)).toEqual([]);
  });

  it('uses the partner address as From only when verified and in an allowed domain', () => {
    expect(brandedSender(brand(), policy)).toEqual({ from: partner, replyTo: partner, productName: 'Reseller Ltd' });
    expect(brandedSender(brand({ whiteLabelEmail: 'help@mail.reseller.example' }), policy).from).toEqual(platform('Reseller Ltd'));
    expect(brandedSender(brand(), { ...policy, senderDomains: [] })).toEqual({ from: platform('Reseller Ltd'), replyTo: partner, productName: 'Reseller Ltd' });
  });

  it('never uses an unverified address, not even as Reply-To', () => {
    expect(brandedSender(brand({ senderVerified: false }), policy)).toEqual({ from: platform('Reseller Ltd'), replyTo: null, productName: 'Reseller Ltd' });
  });

  it('keeps MAIL_FROM without a white-label address', () => {
    expect(brandedSender(undefined, policy)).toEqual({ from: 'Acme Backup <backup@acme.example>', replyTo: null, productName: 'Acme Backup' });
    expect(brandedSender(brand({ whiteLabelEmail: null }), policy).from).toBe('Acme Backup <backup@acme.example>');
  });

  it('keeps line breaks and quotes out of the display name, which nodemailer then encodes', () => {
    const hostile = brandedSender(brand({ sourceOrganisationName: 'Bank\r\nBcc: victim@bank.example "x" <y>' }), policy);
    expect(hostile.from).toEqual({ name: 'BankBcc: victim@bank.example x y', address: 'help@Reseller.example' });
    expect(brandedSender(brand({ sourceOrganisationName: '\r\n' }), policy).productName).toBe('Acme Backup');
  });
});
