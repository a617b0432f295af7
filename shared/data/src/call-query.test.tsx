import { authStore } from '@portal/auth-bridge';
import { supportEndpoints } from '@portal/contracts/endpoints/support';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '@portal/request';
import { callQuery, endpointKeyPrefix, useCallMutation, useCallQuery } from './call-query';
import { portalQueryClient } from './query-client';

const contact = { name: 'Demo Partner', email: 'support@partner.example', phone: null };
const page = { items: [], total: 0, page: 1, pageSize: 20 };

test('a query answers with the body, cached under the descriptor key and the arguments', async () => {
  const getTicket = jest.fn().mockResolvedValue(contact);
  const { result } = renderHook(() => useCallQuery(supportEndpoints.getTicket, getTicket, ['t1']));
  await waitFor(() => expect(result.current.status).toBe('success'));
  expect(result.current.data).toEqual(contact);
  expect(getTicket).toHaveBeenCalledWith('t1');
  expect(callQuery(supportEndpoints.getTicket, getTicket, ['t1']).queryKey).toEqual(['api', 'GET', '/support/tickets/:ticketId', 't1']);
  expect(portalQueryClient.getQueryData(['api', 'GET', '/support/tickets/:ticketId', 't1'])).toEqual(contact);
});

test("the wrapper's { errorMessage } becomes an ApiError with that message, without a retry", async () => {
  const getTicket = jest.fn().mockResolvedValue({ errorMessage: 'Ticket not found' });
  const { result } = renderHook(() => useCallQuery(supportEndpoints.getTicket, getTicket, ['gone']));
  await waitFor(() => expect(result.current.status).toBe('error'));
  expect(result.current.error).toBeInstanceOf(ApiError);
  expect(result.current.error?.message).toBe('Ticket not found');
  expect(getTicket).toHaveBeenCalledTimes(1);
});

test('a mutation reloads the queries of the endpoints it invalidates', async () => {
  const listTickets = jest.fn().mockResolvedValue(page);
  const list = renderHook(() => useCallQuery(supportEndpoints.listTickets, listTickets, [{ page: 1 }]));
  await waitFor(() => expect(list.result.current.status).toBe('success'));
  expect(listTickets).toHaveBeenCalledTimes(1);

  const createTicket = jest.fn().mockResolvedValue({ id: 'new' });
  const { result } = renderHook(() => useCallMutation(createTicket, { invalidates: [supportEndpoints.listTickets] }));
  await act(() => result.current.mutateAsync({ subject: 'S' }));
  expect(createTicket).toHaveBeenCalledWith({ subject: 'S' });
  await waitFor(() => expect(listTickets).toHaveBeenCalledTimes(2));
  expect(endpointKeyPrefix(supportEndpoints.listTickets)).toEqual(['api', 'GET', '/support/tickets']);
});

test('a failed mutation rejects with an ApiError', async () => {
  const createTicket = jest.fn().mockResolvedValue({ errorMessage: 'Subject is a required field' });
  const { result } = renderHook(() => useCallMutation(createTicket));
  await expect(result.current.mutateAsync({ subject: '' })).rejects.toThrow('Subject is a required field');
});

test("another user (or none) on the tab empties the cache: one user's answers never show to the next", () => {
  portalQueryClient.setQueryData(['api', 'GET', '/support/contact'], contact);
  act(() => authStore.getState().login({ userId: 'u1', role: 'CUSTOMER', mfa: false, email: 'a@b.c', firstName: 'A', lastName: 'B', username: 'a' }));
  expect(portalQueryClient.getQueryCache().getAll()).toHaveLength(0);
  portalQueryClient.setQueryData(['api', 'GET', '/support/contact'], contact);
  act(() => authStore.getState().logout());
  expect(portalQueryClient.getQueryCache().getAll()).toHaveLength(0);
});
