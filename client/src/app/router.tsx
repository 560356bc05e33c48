/**
 * The route table of spec 02 §2.1 with the guards of §4.4. Open pages sit at the top level;
 * everything signed-in sits inside ProtectedLayout (header, sidebar, content).
 */
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { EmptyPage } from '../components/empty-page.tsx';
import { PublicEmptyPage } from '../components/public-empty-page.tsx';
import { BulkPage } from '../features/bulk/bulk-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { LoginPage } from '../features/session/login-page.tsx';
import type { RouteGuard } from '../features/session/permissions.ts';
import {
  HomeRedirect,
  RedirectIfSignedIn,
  RequireRole,
} from '../features/session/route-guards.tsx';
import { MaintenancePage } from '../features/site/maintenance-page.tsx';
import {
  WarehouseInventoryPage,
  WarehouseLogsPage,
} from '../features/warehouses/warehouse-pages.tsx';
import { ProtectedLayout } from './layout/protected-layout.tsx';

function guarded(path: string, guard: RouteGuard, element: ReactNode): RouteObject {
  return { path, element: <RequireRole guard={guard}>{element}</RequireRole> };
}

const empty = (path: string, guard: RouteGuard, title: string) =>
  guarded(path, guard, <EmptyPage title={title} />);

export const routes: RouteObject[] = [
  { path: '/', element: <HomeRedirect /> },
  {
    path: '/home',
    element: (
      <RedirectIfSignedIn>
        <HomePage />
      </RedirectIfSignedIn>
    ),
  },
  { path: '/login', element: <LoginPage /> },
  { path: '/login/:id', element: <PublicEmptyPage title="Accept Invitation" /> },
  { path: '/maintenance', element: <MaintenancePage /> },
  { path: '/forgot_password', element: <PublicEmptyPage title="Reset Password" /> },
  { path: '/auth', element: <PublicEmptyPage title="Verify your email" /> },
  {
    element: <ProtectedLayout />,
    children: [
      guarded('/dashboard', 'user', <DashboardPage />),
      empty('/dashboard/receive_return', 'admin', 'Project Logs'),
      guarded('/dashboard/receive_return/bulk', 'admin', <BulkPage />),
      empty('/dashboard/assign_unassign', 'admin', 'Assign/Unassign Logs'),
      empty('/dashboard/requests', 'user', 'Requests'),
      empty('/dashboard/manage_requests', 'admin', 'Manage Requests'),
      empty('/dashboard/manage_transfers', 'admin', 'Transfer Requests'),
      empty('/dashboard/transfers', 'user', 'Transfer Requests'),
      guarded('/warehouses', 'admin', <WarehouseInventoryPage />),
      guarded('/warehouses/logs', 'admin', <WarehouseLogsPage />),
      empty('/warehouse-manager', 'superadmin', 'Warehouse Manager'),
      empty('/catalogs/materials', 'admin', 'Material Catalog'),
      empty('/catalogs/assets', 'admin', 'Asset Catalog'),
      empty('/users', 'superadmin', 'User Management'),
      // "Special project guard": only global admins and superadmins (spec 02 §4.4, second guard).
      empty('/projects', 'global-admin', 'Projects'),
      empty('/site-settings', 'superadmin', 'Site Settings'),
      empty('/labels', 'user', 'Label Database'),
      empty('/labels/templates', 'admin', 'Label Templates'),
    ],
  },
  { path: '*', element: <HomeRedirect /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
