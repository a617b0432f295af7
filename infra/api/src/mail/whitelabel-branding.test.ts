import { build, signin } from '../test/build';
import { brandedHtml, passwordChangedMail } from './messages';
import { whitelabelBrandingResolver } from './whitelabel-branding';

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
    expect(await resolve(recipient(org['Demo Customer']))).toEqual({
      from: '"Demo Partner" <help@reseller.example>',
      replyTo: 'help@reseller.example',
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
