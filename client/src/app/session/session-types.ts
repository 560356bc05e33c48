/** Shapes of the session that the whole client shares (spec 01 §3, server contract). */

export type GlobalRole = 'guest' | 'user' | 'admin' | 'superadmin';

/** The signed-in user as GET /api/users/me returns it. */
export interface Me {
  id: string;
  email: string;
  user_email: string;
  user_firstname: string;
  user_lastname: string;
  role: GlobalRole;
  emails: boolean;
  stock_emails: boolean;
}

/** The project the user works in; filled by the project picker. */
export interface CurrentProject {
  id: string;
  project_name: string;
  project_customer: string | null;
  project_number: string;
}

export type DashboardMode = 'materials' | 'assets';
export type Section = 'inventory' | 'labels';
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';
