import { registerResponseSchema } from '@portal/contracts';
import { build, post, signin } from '../../test/build';

const registration = {
  username: 'new.customer',
  email: 'new.customer@example.com',
  firstName: 'Nina',
  lastName: 'Newman',
  company: 'Newman Analytics',
  regionId: 'eu-central',
  password: 'Bright#Kettle42',
};

describe('GET /backend/api/regions', () => {
  it('lists the data-residency regions from the database, public', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/backend/api/regions' });
    expect(response.statusCode).toBe(200);
    const regions = response.json() as { id: string; name: string }[];
    expect(regions[0]).toEqual({ id: 'eu-west', name: 'Europe (Ireland)' });
    expect(regions.map((r) => r.id)).toEqual(
      expect.arrayContaining(['eu-west', 'eu-central', 'uk-south', 'us-east', 'us-west', 'ca-central', 'au-east', 'ap-southeast', 'in-central', 'ch-north']),
    );
    for (const region of regions) expect(Object.keys(region).sort()).toEqual(['id', 'name']);
  });
});

describe('availability checks', () => {
  it('tells whether a username is free, ignoring case', async () => {
    const app = await build();
    expect((await post(app, 'api/available/username', { username: 'ADMIN' })).json()).toEqual({ available: false });
    expect((await post(app, 'api/available/username', { username: 'someone.new' })).json()).toEqual({ available: true });
  });

  it('tells whether an e-mail is free, ignoring case', async () => {
    const app = await build();
    expect((await post(app, 'api/available/email', { email: 'Admin@Demo.Example' })).json()).toEqual({ available: false });
    expect((await post(app, 'api/available/email', { email: 'free@example.com' })).json()).toEqual({ available: true });
  });

  it('answers 400 with errorMessage for malformed input', async () => {
    const app = await build();
    const badName = await post(app, 'api/available/username', { username: 'no spaces!' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toEqual({ errorMessage: 'Username may contain only letters, digits, dots, underscores and hyphens' });
    const badEmail = await post(app, 'api/available/email', { email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ errorMessage: 'must be a valid email' });
    expect((await post(app, 'api/available/email', {})).json()).toEqual({ errorMessage: 'Email is a required field' });
  });
});

describe('POST /backend/api/register', () => {
  it('creates a direct customer organisation in the region under the provider and its first user', async () => {
    const app = await build();
    const response = await post(app, 'api/register', registration);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(registerResponseSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      message: 'Registration successful. Please sign in.',
      role: 'DIRECTCUSTOMER',
      mfa: false,
      email: registration.email,
      firstName: 'Nina',
      lastName: 'Newman',
      username: 'new.customer',
    });
    const { rows } = await app.apiDb.query<{ org: string; kind: string; region: string; parent_kind: string; role: string; hash: string }>(
      `select o.name as org, o.kind, o.region, p.kind as parent_kind, u.role, u.password_hash as hash
       from users u join organisations o on o.id = u.organisation_id join organisations p on p.id = o.parent_id where u.id = $1`,
      [body.userId],
    );
    expect(rows[0]).toMatchObject({ org: 'Newman Analytics', kind: 'DIRECTCUSTOMER', region: 'eu-central', parent_kind: 'PROVIDER', role: 'DIRECTCUSTOMER' });
    expect(rows[0].hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const session = await signin(app, 'new.customer', registration.password);
    expect(session.role).toBe('DIRECTCUSTOMER');
    expect((await post(app, 'api/available/username', { username: 'New.Customer' })).json()).toEqual({ available: false });
  });

  it('works on an installation without the demo (creates the provider)', async () => {
    const app = await build({ demo: false });
    expect((await post(app, 'api/register', registration)).statusCode).toBe(201);
  });

  it('answers 409 for a taken username or e-mail, whatever the case', async () => {
    const app = await build();
    const takenName = await post(app, 'api/register', { ...registration, username: 'Customer' });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json()).toEqual({ errorMessage: 'Username is already taken' });
    const takenEmail = await post(app, 'api/register', { ...registration, email: 'CUSTOMER@demo.example' });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json()).toEqual({ errorMessage: 'E-mail is already registered' });
    const { rows } = await app.apiDb.query<{ n: number }>("select count(*)::int as n from organisations where name = 'Newman Analytics'");
    expect(rows[0].n).toBe(0);
  });

  it('lets only one of two simultaneous registrations of a name through', async () => {
    const app = await build();
    const answers = await Promise.all([
      post(app, 'api/register', registration),
      post(app, 'api/register', { ...registration, email: 'other@example.com' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a short password', { password: 'Ab#1' }, 'Password must be at least 8 characters'],
    ['a long password', { password: 'Ab#1'.repeat(6) }, 'Password must be at most 20 characters'],
    ['a missing company', { company: '' }, 'Company is a required field'],
    ['a bad e-mail', { email: 'x@y' }, 'must be a valid email'],
    ['a short username', { username: 'ab' }, 'username: must be at least 3 characters'],
    ['an unknown region', { regionId: 'moon-base' }, 'Region is not available'],
  ])('answers 400 for %s', async (_name, change, message) => {
    const app = await build();
    const response = await post(app, 'api/register', { ...registration, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: message });
  });

  it.each(['password123', 'Password1!', 'QWERTY12345', 'Summer2024'])('refuses the common password %s', async (password) => {
    const app = await build();
    const response = await post(app, 'api/register', { ...registration, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: 'This password is too common. Choose a less common password.' });
  });
});
