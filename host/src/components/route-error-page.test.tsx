import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteErrorPage } from './route-error-page';

function Boom(): never {
  throw new Error('Something broke in the page');
}

function Gone(): never {
  throw new Response('gone', { status: 410, statusText: 'Gone' });
}

let navigate: NavigateFunction;

/** A page per path inside the boundary, as AppRoutes places them. */
function Pages() {
  navigate = useNavigate();
  const { pathname } = useLocation();
  const page = pathname === '/boom' ? <Boom /> : pathname === '/gone' ? <Gone /> : <p>A working page</p>;
  return (
    <RouteErrorBoundary pathname={pathname} fallback={(error) => <RouteErrorPage error={error} />}>
      {page}
    </RouteErrorBoundary>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Pages />
    </MemoryRouter>,
  );

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

describe('router error screen', () => {
  it('shows the title, the message and the stack of a thrown error', async () => {
    renderAt('/boom');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Something broke in the page')).toBeInTheDocument();
    expect(screen.getByText(/at Boom/)).toBeInTheDocument();
  });

  it('shows the status of a thrown HTTP answer', async () => {
    renderAt('/gone');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('410 Gone')).toBeInTheDocument();
  });

  it('stays on the page that failed and goes when the user navigates elsewhere', async () => {
    renderAt('/boom');
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' });
    await act(async () => void navigate('/boom?again=1'));
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    await act(async () => void navigate('/reports'));
    expect(screen.getByText('A working page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  });
});
