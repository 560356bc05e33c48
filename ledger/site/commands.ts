import type { SecondFactorPolicy } from '../../contract/sign-in.ts';

/** A superadmin's change of the site settings; an omitted setting keeps its value. */
export type SiteCommand = {
  type: 'ChangeSiteSettings';
  data: {
    freezeTransactions?: boolean;
    maintenanceMode?: boolean;
    offlineMaxAgeDays?: number;
    webhooksAllowPrivate?: boolean;
    secondFactorPolicy?: SecondFactorPolicy;
    passwordSignIn?: boolean;
    ssoSignUp?: boolean;
  };
};
