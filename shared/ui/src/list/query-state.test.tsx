import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryState, type QueryLike } from './query-state';

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({ status: 'pending', data: undefined, error: null, refetch: jest.fn(), ...over });

test('loading, then the data', () => {
  const { rerender } = render(<QueryState query={query<string[]>({})} noun="tickets">{(d) => d.join(',')}</QueryState>);
  expect(screen.getByRole('progressbar', { name: 'Loading tickets' })).toBeInTheDocument();
  rerender(<QueryState query={query({ status: 'success', data: ['a', 'b'] })} noun="tickets">{(d) => d.join(',')}</QueryState>);
  expect(screen.getByText('a,b')).toBeInTheDocument();
});

test('a placeholder shaped like the content stands in for the rows while loading', () => {
  const { rerender } = render(
    <QueryState query={query<string[]>({})} noun="tenants" skeleton={<p>tenants card</p>}>
      {(d) => d.join(',')}
    </QueryState>,
  );
  expect(screen.getByRole('progressbar', { name: 'Loading tenants' })).toHaveTextContent('tenants card');
  rerender(<QueryState query={query({ status: 'success', data: ['a'] })} noun="tenants" skeleton={<p>tenants card</p>}>{(d) => d.join(',')}</QueryState>);
  expect(screen.queryByText('tenants card')).toBeNull();
  expect(screen.getByText('a')).toBeInTheDocument();
});

test('a failed first load says so and retries on demand', async () => {
  const failed = query<string[]>({ status: 'error', error: new Error('Forbidden') });
  render(<QueryState query={failed} noun="tickets">{(d) => d.join(',')}</QueryState>);
  expect(screen.getByRole('alert')).toHaveTextContent('The tickets could not be loaded: Forbidden');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(failed.refetch).toHaveBeenCalled();
});

test('a failed reload keeps the data (or the empty state) and shows the error above it', () => {
  const { rerender } = render(
    <QueryState query={query({ status: 'error', data: [] as string[], error: new Error('Offline') })} noun="tickets" isEmpty={(d) => d.length === 0} empty="No tickets.">
      {(d) => d.join(',')}
    </QueryState>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('The tickets could not be reloaded: Offline');
  expect(screen.getByRole('status')).toHaveTextContent('No tickets.');
  rerender(<QueryState query={query({ status: 'error', data: ['a'], error: new Error('Offline') })} noun="tickets" errorText={(m) => `Own words: ${m}`}>{(d) => d.join(',')}</QueryState>);
  expect(screen.getByText('a')).toBeInTheDocument();
});
