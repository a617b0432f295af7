import { profileSchema } from '@portal/contracts';
import { build, signin } from '../test/build';

describe('GET /backend/api/users/:userId/profile', () => {
  it("returns the caller's own profile with the organisation name", async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const response = await app.inject({ method: 'GET', url: `/backend/api/users/${customer.userId}/profile`, headers: customer.headers });
    expect(response.statusCode).toBe(200);
    expect(profileSchema.parse(response.json())).toEqual({
      userId: customer.userId,
      username: 'customer',
      email: 'customer@demo.example',
      firstName: 'Chris',
      lastName: 'Customer',
      role: 'CUSTOMER',
      profileImageUrl: null,
      organisationName: 'Demo Customer',
    });
    expect(response.body).not.toContain('password');
  });

  it("answers 404 for another user's profile, even for an ADMIN, and ignores the userid header", async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const customer = await signin(app, 'customer');
    const response = await app.inject({
      method: 'GET',
      url: `/backend/api/users/${customer.userId}/profile`,
      headers: { ...admin.headers, userid: customer.userId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'Not found' });
  });

  it('answers 400 with errorMessage for an id that is not a user id', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const response = await app.inject({ method: 'GET', url: '/backend/api/users/abc/profile', headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: 'userId must be a valid id' });
  });

  it('answers 404 errorMessage for an unknown API path', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/backend/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'Not found' });
  });
});
