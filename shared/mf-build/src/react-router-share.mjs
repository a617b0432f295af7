// What every app gets for `react-router-dom` (a shared singleton): the part of React Router the portal
// uses. A shared module keeps every export, and React Router's entry
// also carries its framework, server and RSC APIs, which a browser-routed portal never runs; shared
// through this list, the rest is left out of the bundle. The two imports below are aliases (see
// routerAliases in index.cjs) for React Router's own files, so they are not themselves taken as the
// shared modules. subset-shares.test.ts fails when an app imports a name missing here.
export {
  Link,
  Navigate,
  Outlet,
  createBrowserRouter,
  isRouteErrorResponse,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'portal-react-router-impl';
// react-router-dom's RouterProvider: the DOM one (flushSync through react-dom).
export { RouterProvider } from 'portal-react-router-dom-impl';
