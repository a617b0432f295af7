import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { RouteErrorPage } from './route-error-page';

function Boom(): never {
  throw new Error('Something broke in the page');
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

describe('router error screen', () => {
  it('shows the title, the message and the stack of a thrown error', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Something broke in the page')).toBeInTheDocument();
    expect(screen.getByText(/at Boom/)).toBeInTheDocument();
  });

  it('shows the status of an error response', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('gone', { status: 410, statusText: 'Gone' });
        },
        element: <p>never</p>,
        errorElement: <RouteErrorPage />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('410 Gone')).toBeInTheDocument();
  });
});
