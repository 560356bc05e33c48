/**
 * The site settings. Loaded by folding its stream: one short stream for the whole site.
 */
export interface SiteState {
  freezeTransactions: boolean;
  maintenanceMode: boolean;
}

export const initialSiteState = (): SiteState => ({ freezeTransactions: false, maintenanceMode: false });
