import { authStore } from '@portal/auth-bridge';
import { callEndpoint } from '@portal/contracts/call-endpoint';
import { supportEndpoints } from '@portal/contracts/endpoints/support';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from './api-error';
import { useEndpointMutation, useEndpointQuery } from './endpoint-query';
import { endpointKey } from './keys';
import { portalQueryClient } from './query-client';

jest.mock('@portal/contracts/call-endpoint', () => ({ callEndpoint: jest.fn() }));
const call = callEndpoint as jest.Mock;

const contact = { name: 'Demo Partner', email: 'support@partner.example', phone: null };

beforeEach(() => call.mockReset());

test('a query answers with the body; the key comes from the descriptor and the input', async () => {
  call.mockResolvedValue(contact);
  const { result } = renderHook(() => useEndpointQuery(supportEndpoints.getTicket, { params: { ticketId: 't1' } }));
  await waitFor(() => expect(result.current.status).not.toBe('pending'));
  expect(result.current.error).toBeNull();
  expect(result.current.data).toEqual(contact);
  expect(call).toHaveBeenCalledWith(supportEndpoints.getTicket, { params: { ticketId: 't1' } });
  expect(portalQueryClient.getQueryData(endpointKey(supportEndpoints.getTicket, { params: { ticketId: 't1' } }))).toEqual(contact);
});

test("the wrapper's { errorMessage } becomes an ApiError with that message, without a retry", async () => {
  call.mockResolvedValue({ errorMessage: 'Ticket not found' });
  const { result } = renderHook(() => useEndpointQuery(supportEndpoints.getTicket, { params: { ticketId: 'gone' } }));
  await waitFor(() => expect(result.current.status).toBe('error'));
  expect(result.current.error).toBeInstanceOf(ApiError);
  expect(result.current.error?.message).toBe('Ticket not found');
  expect(call).toHaveBeenCalledTimes(1);
});

test('a mutation reloads the queries of the endpoints it invalidates', async () => {
  call.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 });
  const list = renderHook(() => useEndpointQuery(supportEndpoints.listTickets, { query: { page: 1 } }));
  await waitFor(() => expect(list.result.current.status).toBe('success'));
  expect(call).toHaveBeenCalledTimes(1);

  call.mockResolvedValueOnce({ id: 'new' });
  const { result } = renderHook(() => useEndpointMutation(supportEndpoints.createTicket, { invalidates: [supportEndpoints.listTickets] }));
  await act(() => result.current.mutateAsync({ body: { userId: 'u1', subject: 'S', description: 'D' } }));
  await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
  expect(call.mock.calls[2][0]).toBe(supportEndpoints.listTickets);
});

test('a failed mutation rejects with an ApiError', async () => {
  call.mockResolvedValue({ errorMessage: 'Subject is a required field' });
  const { result } = renderHook(() => useEndpointMutation(supportEndpoints.createTicket));
  await expect(result.current.mutateAsync({ body: { userId: 'u1', subject: '', description: 'D' } })).rejects.toThrow('Subject is a required field');
});

test("another user (or none) on the tab empties the cache: one user's answers never show to the next", async () => {
  portalQueryClient.setQueryData(['api', 'GET', '/support/contact', null, null], contact);
  act(() => authStore.getState().login({ userId: 'u1', role: 'CUSTOMER', mfa: false, email: 'a@b.c', firstName: 'A', lastName: 'B', username: 'a' }));
  expect(portalQueryClient.getQueryCache().getAll()).toHaveLength(0);
  portalQueryClient.setQueryData(['api', 'GET', '/support/contact', null, null], contact);
  act(() => authStore.getState().logout());
  expect(portalQueryClient.getQueryCache().getAll()).toHaveLength(0);
});
