import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from '@tanstack/react-router';

function Placeholder({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

const rootRoute = createRootRoute({
  component: () => <Outlet />,
  notFoundComponent: () => <Placeholder name="404 Page Not Found" />,
});

const page = (path: string, name: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => <Placeholder name={name} /> });

/** The admin area's code is loaded only when /admin is visited. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('./admin/AdminPage.js')),
});

const routeTree = rootRoute.addChildren([
  page('/', 'The throne awaits'),
  page('/books', 'Books'),
  page('/excerpts', 'Excerpts'),
  page('/excerpts/$id', 'Excerpt'),
  page('/art-music', 'Art & Music'),
  page('/blog', 'Blog'),
  page('/blog/$id', 'Blog post'),
  page('/about', 'About'),
  page('/contact', 'Contact'),
  page('/preorder', 'Preorder'),
  adminRoute,
]);

export function createAppRouter() {
  return createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
