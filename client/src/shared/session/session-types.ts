/** Shapes the session feature shares with the rest of the client (spec 01 §3); API shapes come from contract/. */
import type { Me } from '@contract/auth.ts';

export type { Me };
export type GlobalRole = Me['role'];

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
