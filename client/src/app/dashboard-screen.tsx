/** The dashboard with the parts other features lend it, loaded as one piece so none waits on another. */
import { AssetsDashboard } from '../features/assets/assets-dashboard.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { ManageProjectButton } from '../features/projects/manage-project-button.tsx';
import { WebhooksPanel } from '../features/webhooks/webhooks-panel.tsx';

export function DashboardScreen() {
  return (
    <DashboardPage manageProject={<ManageProjectButton webhooks={(projectId) => <WebhooksPanel projectId={projectId} />} />} assets={<AssetsDashboard />} />
  );
}
