import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { ApiServices } from '../../app/api-services';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { sendMfaCode } from '../../services/account-service';
import { signIn, signOut } from '../../services/identity-service';
import { auditSignIn } from '../../services/audit-service';
import { HttpError } from '../../services/errors';

/** Records the outcome in the audit log; rate-limit answers (429) are not attempts. */
async function auditedSignIn<T>(deps: ApiServices, username: string, ip: string, attempt: Promise<T>): Promise<T> {
  try {
    const result = await attempt;
    await auditSignIn(deps.db, username, 'success', ip);
    return result;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode !== 429) await auditSignIn(deps.db, username, 'failure', ip);
    throw error;
  }
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  // Limited by wrong passwords per address and account (services/password-attempts.ts), not by
  // sign-ins: an office full of technicians shares one address.
  registerEndpoint(app, ep.signin, async ({ body, request }) =>
    auditedSignIn(
      deps,
      body.username,
      request.ip,
      signIn(
        {
          db: deps.db,
          jwtSecret: deps.jwtSecret,
          attempts: deps.passwordAttempts,
          sendMfaCode: async (user) => {
            await sendMfaCode(deps.account, user);
          },
        },
        { username: body.username, password: body.password, ip: request.ip, userAgent: request.headers['user-agent'] },
      ),
    ),
  );

  // The path parameter is `{id}` in the spec; named userId here so it shares the params schema.
  registerEndpoint(app, ep.signout, async ({ auth, request, params }) => {
    await signOut(deps.db, auth.sessionId);
    return { message: 'Signed out' };
  });
}
