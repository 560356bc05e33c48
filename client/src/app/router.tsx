/**
 * The route table of spec 02 §2.1 with the guards of §4.4. Open pages sit at the top level;
 * everything signed-in sits inside ProtectedLayout (header, sidebar, content). App renders it with
 * useRoutes inside a BrowserRouter: the data router's loaders and actions go unused here, and
 * leaving them out of the first load spares a phone 55 KB of JavaScript.
 */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/login/login-page.tsx';
import type { RouteGuard } from '../shared/session/permissions.ts';
import { HomeRedirect, RedirectIfSignedIn, RequireRole } from '../shared/session/route-guards.tsx';
import { OFFLINE_PATH } from '../offline/offline-path.ts';
import { ProtectedLayout } from './layout/protected-layout.tsx';
import { InventoryMode } from './inventory-mode.tsx';
import { lazyScreen } from './lazy-screen.tsx';

const AuthPage = lazyScreen(() => import('../features/account/auth-page.tsx'), 'AuthPage');
const ApiTokensPage = lazyScreen(() => import('../features/api-tokens/api-tokens-page.tsx'), 'ApiTokensPage');
const ServiceTokensPage = lazyScreen(() => import('../features/api-tokens/service-tokens-page.tsx'), 'ServiceTokensPage');
const AssetCatalogPage = lazyScreen(() => import('../features/assets/asset-catalog-page.tsx'), 'AssetCatalogPage');
const WarehouseAssetLogsPage = lazyScreen(() => import('../features/assets/warehouse-asset-logs-page.tsx'), 'WarehouseAssetLogsPage');
const WarehouseAssetsPage = lazyScreen(() => import('../features/assets/warehouse-assets-page.tsx'), 'WarehouseAssetsPage');
const ForgotPasswordPage = lazyScreen(() => import('../features/account/forgot-password-page.tsx'), 'ForgotPasswordPage');
const InviteLinkPage = lazyScreen(() => import('../features/account/invite-link-page.tsx'), 'InviteLinkPage');
const BulkPage = lazyScreen(() => import('../features/bulk/bulk-page.tsx'), 'BulkPage');
const MaterialCatalogPage = lazyScreen(() => import('../features/catalog/material-catalog-page.tsx'), 'MaterialCatalogPage');
const CountingPage = lazyScreen(() => import('../features/counts/counting-page.tsx'), 'CountingPage');
const ProjectCountsPage = lazyScreen(() => import('../features/counts/counts-page.tsx'), 'ProjectCountsPage');
const WarehouseCountsPage = lazyScreen(() => import('../features/counts/counts-page.tsx'), 'WarehouseCountsPage');
const ReviewPage = lazyScreen(() => import('../features/counts/review-page.tsx'), 'ReviewPage');
const DashboardScreen = lazyScreen(() => import('./dashboard-screen.tsx'), 'DashboardScreen');
const HomePage = lazyScreen(() => import('../features/home/home-page.tsx'), 'HomePage');
const LabelsPage = lazyScreen(() => import('../features/labels/labels-page.tsx'), 'LabelsPage');
const TemplatesPage = lazyScreen(() => import('../features/labels/templates-page.tsx'), 'TemplatesPage');
const AssignLogsPage = lazyScreen(() => import('../features/logs/logs-page.tsx'), 'AssignLogsPage');
const ProjectLogsPage = lazyScreen(() => import('../features/logs/logs-page.tsx'), 'ProjectLogsPage');
const OutboxPage = lazyScreen(() => import('../features/outbox/outbox-page.tsx'), 'OutboxPage');
const LedgerPage = lazyScreen(() => import('../features/ledger/ledger-page.tsx'), 'LedgerPage');
const ProjectsPage = lazyScreen(() => import('../features/projects/projects-page.tsx'), 'ProjectsPage');
const ManageRequestsPage = lazyScreen(() => import('../features/requests/manage-requests-page.tsx'), 'ManageRequestsPage');
const RequestsPage = lazyScreen(() => import('../features/requests/requests-page.tsx'), 'RequestsPage');
const ScanPage = lazyScreen(() => import('../features/scan/scan-page.tsx'), 'ScanPage');
const SecurityPage = lazyScreen(() => import('../features/security/security-page.tsx'), 'SecurityPage');
const MaintenancePage = lazyScreen(() => import('../features/site/maintenance-page.tsx'), 'MaintenancePage');
const SiteSettingsPage = lazyScreen(() => import('../features/site/site-settings-page.tsx'), 'SiteSettingsPage');
const TransfersPage = lazyScreen(() => import('../features/transfers/transfers-page.tsx'), 'TransfersPage');
const UsersPage = lazyScreen(() => import('../features/users/users-page.tsx'), 'UsersPage');
const WarehouseInventoryPage = lazyScreen(() => import('../features/warehouses/warehouse-inventory-page.tsx'), 'WarehouseInventoryPage');
const WarehouseLogsPage = lazyScreen(() => import('../features/warehouses/warehouse-logs-page.tsx'), 'WarehouseLogsPage');
const WarehouseManagerPage = lazyScreen(() => import('../features/warehouses/warehouse-manager-page.tsx'), 'WarehouseManagerPage');
const ProjectWebhooksPage = lazyScreen(() => import('../features/webhooks/webhooks-page.tsx'), 'ProjectWebhooksPage');
const SiteWebhooksPage = lazyScreen(() => import('../features/webhooks/webhooks-page.tsx'), 'SiteWebhooksPage');
const OfflinePage = lazyScreen(() => import('../offline/offline-page.tsx'), 'OfflinePage');

function guarded(path: string, guard: RouteGuard, element: ReactNode): RouteObject {
  return { path, element: <RequireRole guard={guard}>{element}</RequireRole> };
}

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
  { path: '/login/:id', element: <InviteLinkPage /> },
  { path: '/maintenance', element: <MaintenancePage /> },
  { path: '/forgot_password', element: <ForgotPasswordPage /> },
  { path: '/auth', element: <AuthPage /> },
  {
    element: <ProtectedLayout />,
    children: [
      guarded('/dashboard', 'user', <DashboardScreen />),
      guarded('/dashboard/receive_return', 'admin', <ProjectLogsPage />),
      guarded('/dashboard/receive_return/bulk', 'admin', <BulkPage />),
      guarded('/dashboard/assign_unassign', 'admin', <AssignLogsPage />),
      guarded('/dashboard/requests', 'user', <RequestsPage />),
      guarded('/dashboard/manage_requests', 'admin', <ManageRequestsPage />),
      guarded('/dashboard/manage_transfers', 'admin', <TransfersPage />),
      guarded('/dashboard/transfers', 'user', <TransfersPage />),
      // Stock counts: counters are often plain members; what each may do is the server's to say.
      guarded('/dashboard/counts', 'user', <ProjectCountsPage />),
      // A project's webhooks: its admins, who may be plain users globally and so not reach Manage Project.
      guarded('/dashboard/webhooks', 'project-admin', <ProjectWebhooksPage />),
      guarded('/counts/:id/count', 'user', <CountingPage />),
      guarded('/counts/:id/review', 'user', <ReviewPage />),
      guarded('/warehouses', 'admin', <InventoryMode materials={<WarehouseInventoryPage />} assets={<WarehouseAssetsPage />} />),
      guarded('/warehouses/logs', 'admin', <InventoryMode materials={<WarehouseLogsPage />} assets={<WarehouseAssetLogsPage />} />),
      guarded('/warehouses/counts', 'admin', <WarehouseCountsPage />),
      guarded('/warehouse-manager', 'superadmin', <WarehouseManagerPage />),
      guarded('/catalogs/materials', 'admin', <MaterialCatalogPage />),
      guarded('/catalogs/assets', 'admin', <AssetCatalogPage />),
      guarded('/users', 'superadmin', <UsersPage />),
      // "Special project guard": only global admins and superadmins (spec 02 §4.4, second guard).
      guarded('/projects', 'global-admin', <ProjectsPage />),
      guarded('/site-settings', 'superadmin', <SiteSettingsPage />),
      // Where invitations and reset codes are read when no mail server is configured.
      guarded('/outbox', 'superadmin', <OutboxPage />),
      // Tokens for programs: everyone's own, and the site's service tokens (superadmins).
      guarded('/account/tokens', 'user', <ApiTokensPage />),
      // Passkeys, the authenticator app, recovery codes and the sign-in history: everyone's own.
      guarded('/account/security', 'user', <SecurityPage />),
      guarded('/service-tokens', 'superadmin', <ServiceTokensPage />),
      // Site-wide webhooks: the events of every project.
      guarded('/webhooks', 'superadmin', <SiteWebhooksPage />),
      // The sealed books: superadmins and auditors.
      guarded('/ledger', 'ledger', <LedgerPage />),
      guarded('/labels', 'user', <LabelsPage />),
      // Scan to act, made for phones: every signed-in user; what a scan offers is the server's to say.
      guarded('/scan', 'user', <ScanPage />),
      guarded('/labels/templates', 'admin', <TemplatesPage />),
      // Field actions kept on this device: waiting to be sent, or refused and waiting for the person.
      guarded(OFFLINE_PATH, 'user', <OfflinePage />),
    ],
  },
  { path: '*', element: <HomeRedirect /> },
];
