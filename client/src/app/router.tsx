/**
 * The route table of spec 02 §2.1 with the guards of §4.4. Open pages sit at the top level;
 * everything signed-in sits inside ProtectedLayout (header, sidebar, content). App renders it with
 * useRoutes inside a BrowserRouter: the data router's loaders and actions go unused here, and
 * leaving them out of the first load spares a phone 55 KB of JavaScript.
 */
import type { ReactElement } from 'react';
import { matchPath, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/login/login-page.tsx';
import type { RouteGuard } from '../shared/session/permissions.ts';
import { HomeRedirect, RedirectIfSignedIn, RequireRole } from '../shared/session/route-guards.tsx';
import { OFFLINE_PATH } from '../offline/offline-path.ts';
import { preloadSignedInFrame, ProtectedLayout } from './layout/protected-layout.tsx';
import { InventoryMode } from './inventory-mode.tsx';
import { lazyNamed, preloadOf } from '../components/lazy-named.tsx';

const AuthPage = lazyNamed(() => import('../features/account/auth-page.tsx'), 'AuthPage');
const ApiTokensPage = lazyNamed(() => import('../features/api-tokens/api-tokens-page.tsx'), 'ApiTokensPage');
const ServiceTokensPage = lazyNamed(() => import('../features/api-tokens/service-tokens-page.tsx'), 'ServiceTokensPage');
const AssetCatalogPage = lazyNamed(() => import('../features/assets/asset-catalog-page.tsx'), 'AssetCatalogPage');
const WarehouseAssetLogsPage = lazyNamed(() => import('../features/assets/warehouse-asset-logs-page.tsx'), 'WarehouseAssetLogsPage');
const WarehouseAssetsPage = lazyNamed(() => import('../features/assets/warehouse-assets-page.tsx'), 'WarehouseAssetsPage');
const ForgotPasswordPage = lazyNamed(() => import('../features/account/forgot-password-page.tsx'), 'ForgotPasswordPage');
const InviteLinkPage = lazyNamed(() => import('../features/account/invite-link-page.tsx'), 'InviteLinkPage');
const BulkPage = lazyNamed(() => import('../features/bulk/bulk-page.tsx'), 'BulkPage');
const MaterialCatalogPage = lazyNamed(() => import('../features/catalog/material-catalog-page.tsx'), 'MaterialCatalogPage');
const CountingPage = lazyNamed(() => import('../features/counts/counting-page.tsx'), 'CountingPage');
const ProjectCountsPage = lazyNamed(() => import('../features/counts/counts-page.tsx'), 'ProjectCountsPage');
const WarehouseCountsPage = lazyNamed(() => import('../features/counts/counts-page.tsx'), 'WarehouseCountsPage');
const ReviewPage = lazyNamed(() => import('../features/counts/review-page.tsx'), 'ReviewPage');
const DashboardScreen = lazyNamed(() => import('./dashboard-screen.tsx'), 'DashboardScreen');
const HomePage = lazyNamed(() => import('../features/home/home-page.tsx'), 'HomePage');
const LabelsPage = lazyNamed(() => import('../features/labels/labels-page.tsx'), 'LabelsPage');
const TemplatesPage = lazyNamed(() => import('../features/labels/templates-page.tsx'), 'TemplatesPage');
const AssignLogsPage = lazyNamed(() => import('../features/logs/logs-page.tsx'), 'AssignLogsPage');
const ProjectLogsPage = lazyNamed(() => import('../features/logs/logs-page.tsx'), 'ProjectLogsPage');
const OutboxPage = lazyNamed(() => import('../features/outbox/outbox-page.tsx'), 'OutboxPage');
const LedgerPage = lazyNamed(() => import('../features/ledger/ledger-page.tsx'), 'LedgerPage');
const ProjectsPage = lazyNamed(() => import('../features/projects/projects-page.tsx'), 'ProjectsPage');
const ManageRequestsPage = lazyNamed(() => import('../features/requests/manage-requests-page.tsx'), 'ManageRequestsPage');
const RequestsPage = lazyNamed(() => import('../features/requests/requests-page.tsx'), 'RequestsPage');
const ScanPage = lazyNamed(() => import('../features/scan/scan-page.tsx'), 'ScanPage');
const SecurityPage = lazyNamed(() => import('../features/security/security-page.tsx'), 'SecurityPage');
const MaintenancePage = lazyNamed(() => import('../features/site/maintenance-page.tsx'), 'MaintenancePage');
const SiteSettingsPage = lazyNamed(() => import('../features/site/site-settings-page.tsx'), 'SiteSettingsPage');
const TransfersPage = lazyNamed(() => import('../features/transfers/transfers-page.tsx'), 'TransfersPage');
const UsersPage = lazyNamed(() => import('../features/users/users-page.tsx'), 'UsersPage');
const WarehouseInventoryPage = lazyNamed(() => import('../features/warehouses/warehouse-inventory-page.tsx'), 'WarehouseInventoryPage');
const WarehouseLogsPage = lazyNamed(() => import('../features/warehouses/warehouse-logs-page.tsx'), 'WarehouseLogsPage');
const WarehouseManagerPage = lazyNamed(() => import('../features/warehouses/warehouse-manager-page.tsx'), 'WarehouseManagerPage');
const ProjectWebhooksPage = lazyNamed(() => import('../features/webhooks/webhooks-page.tsx'), 'ProjectWebhooksPage');
const SiteWebhooksPage = lazyNamed(() => import('../features/webhooks/webhooks-page.tsx'), 'SiteWebhooksPage');
const OfflinePage = lazyNamed(() => import('../offline/offline-page.tsx'), 'OfflinePage');

/** The list of actions kept on this device must open with no signal: fetched once a signed-in page is up. */
export const preloadOfflineScreen = OfflinePage.preload;

/** The signed-in screens whose code can be fetched before they render, by path. */
const screenPreloads = new Map<string, () => void>();

function guarded(path: string, guard: RouteGuard, element: ReactElement): RouteObject {
  const preload = preloadOf(element.type);
  if (preload) screenPreloads.set(path, preload);
  return { path, element: <RequireRole guard={guard}>{element}</RequireRole> };
}

/**
 * Opening a signed-in page straight away (a bookmark, a reload, a label's link): its frame's and its
 * screen's code start downloading beside the session check instead of one after the other after it.
 */
export function preloadScreen(pathname: string): void {
  for (const [path, preload] of screenPreloads) {
    if (!matchPath(path, pathname)) continue;
    preloadSignedInFrame();
    preload();
    return;
  }
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
