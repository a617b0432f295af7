import { GraphError } from '@portal/graph-connector';
import { classifyTenantAccessError, describeConsentProblem } from './tenant-access';

const graphError = (status: number, code: string, message: string) => new GraphError({ status, code, message });

describe('classifyTenantAccessError', () => {
  it.each([
    ['consent missing (token endpoint)', graphError(400, 'invalid_grant', "AADSTS65001: The user or administrator has not consented to use the application with ID 'x'.")],
    ['wrong or expired secret', graphError(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.')],
    ['app gone from the directory', graphError(400, 'unauthorized_client', "AADSTS700016: Application with identifier 'x' was not found in the directory.")],
    ['permissions removed (Graph 403)', graphError(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.')],
    ['permissions removed (Graph 401)', graphError(401, 'Authorization_RequestDenied', 'Access denied.')],
    ['a connection test message', 'invalid_client: AADSTS7000215: Invalid client secret provided.'],
    ['a connection test message with AADSTS65001', "invalid_grant: AADSTS65001: The user or administrator has not consented to use the application with ID 'x'."],
    ['a wrapped error', new Error('backup failed', { cause: graphError(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.') })],
  ])('%s means lost consent', (_name, error) => {
    expect(classifyTenantAccessError(error)).toBe('consent');
  });

  it.each([
    ['throttling', graphError(429, 'TooManyRequests', 'Too many requests')],
    ['an outage', graphError(503, 'ServiceNotAvailable', 'The service is temporarily unavailable.')],
    ['an expired access token', graphError(401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.')],
    ['a missing item', graphError(404, 'itemNotFound', 'The resource could not be found.')],
    ['Authorization_RequestDenied on another status', graphError(400, 'Authorization_RequestDenied', 'Bad request')],
    ['a network error', graphError(0, 'NetworkError', 'Token endpoint unreachable: ECONNREFUSED')],
    ['a plain error', new Error('disk full')],
    ['nothing', undefined],
  ])('%s is not a consent problem', (_name, error) => {
    expect(classifyTenantAccessError(error)).toBeNull();
  });

  it('describes the problem with what to do and Entra ID words, without repeating the code', () => {
    const text = describeConsentProblem('invalid_client: AADSTS7000215: Invalid client secret provided.');
    expect(text).toMatch(/^The app has lost admin consent or its credentials are no longer valid\. Grant admin consent again/);
    expect(text).toContain('(invalid_client: AADSTS7000215: Invalid client secret provided.)');
    expect(describeConsentProblem(graphError(403, 'Authorization_RequestDenied', 'Insufficient privileges.'))).toContain('(Authorization_RequestDenied: Insufficient privileges.)');
  });
});
