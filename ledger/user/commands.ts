import type { GlobalRole } from './events.ts';

export type UserCommand = {
  type: 'RegisterUser';
  data: { userId: string; email: string; firstName: string; lastName: string; role: GlobalRole };
};
