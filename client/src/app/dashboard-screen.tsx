/** The dashboard with the parts other features lend it, loaded as one piece so none waits on another. */
import { AssetsDashboard } from '../features/assets/assets-dashboard.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { ManageProjectButton } from '../features/projects/manage-project-button.tsx';
import { Loader } from '@mantine/core';
import { Suspense } from 'react';
import { lazyNamed } from '../components/lazy-named.tsx';

// Shown only inside "Manage Project", which loads on its first press: so does this.
const WebhooksPanel = lazyNamed(() => import('../features/webhooks/webhooks-panel.tsx'), 'WebhooksPanel');

export function DashboardScreen() {
  return (
    <DashboardPage
      manageProject={
        <ManageProjectButton
          webhooks={(projectId) => (
            <Suspense fallback={<Loader size="sm" m="md" />}>
              <WebhooksPanel projectId={projectId} />
            </Suspense>
          )}
        />
      }
      assets={<AssetsDashboard />}
    />
  );
}
