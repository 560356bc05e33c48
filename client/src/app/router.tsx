/**
 * The route table of spec 02 §2.1 with the guards of §4.4. Open pages sit at the top level;
 * everything signed-in sits inside ProtectedLayout (header, sidebar, content).
 */
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuthPage } from '../features/account/auth-page.tsx';
import { ApiTokensPage } from '../features/api-tokens/api-tokens-page.tsx';
import { ServiceTokensPage } from '../features/api-tokens/service-tokens-page.tsx';
import { AssetCatalogPage } from '../features/assets/asset-catalog-page.tsx';
import { AssetsDashboard } from '../features/assets/assets-dashboard.tsx';
import { WarehouseAssetLogsPage } from '../features/assets/warehouse-asset-logs-page.tsx';
import { WarehouseAssetsPage } from '../features/assets/warehouse-assets-page.tsx';
import { ForgotPasswordPage } from '../features/account/forgot-password-page.tsx';
import { InviteLinkPage } from '../features/account/invite-link-page.tsx';
import { BulkPage } from '../features/bulk/bulk-page.tsx';
import { MaterialCatalogPage } from '../features/catalog/material-catalog-page.tsx';
import { CountingPage } from '../features/counts/counting-page.tsx';
import { ProjectCountsPage, WarehouseCountsPage } from '../features/counts/counts-page.tsx';
import { ReviewPage } from '../features/counts/review-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { LabelsPage } from '../features/labels/labels-page.tsx';
import { TemplatesPage } from '../features/labels/templates-page.tsx';
import { AssignLogsPage, ProjectLogsPage } from '../features/logs/logs-page.tsx';
import { OutboxPage } from '../features/outbox/outbox-page.tsx';
import { LedgerPage } from '../features/ledger/ledger-page.tsx';
import { ManageProjectButton } from '../features/projects/manage-project-button.tsx';
import { ProjectsPage } from '../features/projects/projects-page.tsx';
import { ManageRequestsPage } from '../features/requests/manage-requests-page.tsx';
import { RequestsPage } from '../features/requests/requests-page.tsx';
import { LoginPage } from '../features/login/login-page.tsx';
import { ScanPage } from '../features/scan/scan-page.tsx';
import { SecurityPage } from '../features/security/security-page.tsx';
import type { RouteGuard } from '../shared/session/permissions.ts';
import { HomeRedirect, RedirectIfSignedIn, RequireRole } from '../shared/session/route-guards.tsx';
import { InventoryMode } from './inventory-mode.tsx';
import { MaintenancePage } from '../features/site/maintenance-page.tsx';
import { SiteSettingsPage } from '../features/site/site-settings-page.tsx';
import { TransfersPage } from '../features/transfers/transfers-page.tsx';
import { UsersPage } from '../features/users/users-page.tsx';
import { WarehouseInventoryPage } from '../features/warehouses/warehouse-inventory-page.tsx';
import { WarehouseLogsPage } from '../features/warehouses/warehouse-logs-page.tsx';
import { WarehouseManagerPage } from '../features/warehouses/warehouse-manager-page.tsx';
import { WebhooksPanel } from '../features/webhooks/webhooks-panel.tsx';
import { ProjectWebhooksPage, SiteWebhooksPage } from '../features/webhooks/webhooks-page.tsx';
import { OfflinePage } from '../offline/offline-page.tsx';
import { OFFLINE_PATH } from '../offline/offline-status.tsx';
import { ProtectedLayout } from './layout/protected-layout.tsx';

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
      guarded(
        '/dashboard',
        'user',
        <DashboardPage
          manageProject={<ManageProjectButton webhooks={(projectId) => <WebhooksPanel projectId={projectId} />} />}
          assets={<AssetsDashboard />}
        />,
      ),
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
