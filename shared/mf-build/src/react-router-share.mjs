// What every app gets for `react-router-dom` (a shared singleton): the part of React Router the portal
// uses. A shared module keeps every export, and React Router's entry also carries its data router
// (createBrowserRouter: loaders, actions, fetchers, revalidation), framework, server and RSC APIs,
// which the portal never runs: its routes are declarative (BrowserRouter + useRoutes), which halves
// the router the sign-in page downloads (about 30 KB gzip to 15). The import below is an alias (see
// subsetAliases in index.cjs) for React Router's own entry, so it is not itself taken as the shared
// module. subset-shares.test.ts fails when an app imports a name missing here.
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'portal-react-router-impl';
