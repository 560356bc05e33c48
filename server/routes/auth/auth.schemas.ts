import { z } from 'zod';

export const errorBody = z.object({ error: z.string(), message: z.string() });

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_email: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  role: z.string(),
  emails: z.boolean(),
  stock_emails: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const loginBody = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(320),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});

export const sessionReply = z.object({ user: meSchema });

export function toMe(user: { id: string; email: string; user_firstname: string; user_lastname: string; role: string; emails: boolean; stock_emails: boolean }): Me {
  return {
    id: user.id,
    email: user.email,
    user_email: user.email,
    user_firstname: user.user_firstname,
    user_lastname: user.user_lastname,
    role: user.role.toLowerCase(),
    emails: user.emails,
    stock_emails: user.stock_emails,
  };
}
