import { render, type RenderResult } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
} from 'react-router-dom';

// Tests render pages as the portal does: in a declarative router (the host's BrowserRouter, here a
// MemoryRouter), not a data router, whose APIs the portal's shared React Router leaves out.

/** Where a test's router is (updated at each commit), how it got there, and its navigate. */
export interface RouterProbe {
  location: Location;
  action: NavigationType;
  navigate: NavigateFunction;
}

function Probe({ into }: { into: RouterProbe }) {
  const location = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    Object.assign(into, { location, action, navigate });
  });
  return null;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * `content` (an app) or `routes` (pages by path) in a memory router starting at `entry`; `around`
 * is drawn beside the router (the host's alert and snackbar, which outlive a navigation).
 */
export function renderInMemoryRouter(
  entry: InitialEntry,
  content: { routes: RouteObject[] } | { element: ReactNode },
  around?: ReactNode,
): RenderResult & { router: RouterProbe } {
  const router = {} as RouterProbe;
  const view = render(
    <>
      {around}
      <MemoryRouter initialEntries={[entry]}>
        {'routes' in content ? <Routes routes={content.routes} /> : content.element}
        <Probe into={router} />
      </MemoryRouter>
    </>,
  );
  return { router, ...view };
}
