/** A superadmin's change of the site settings; an omitted setting keeps its value. */
export type SiteCommand = {
  type: 'ChangeSiteSettings';
  data: { freezeTransactions?: boolean; maintenanceMode?: boolean; offlineMaxAgeDays?: number; webhooksAllowPrivate?: boolean };
};
