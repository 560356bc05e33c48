/**
 * Seeding through the real API, as a person's browser would: a signed-in session is a cookie jar,
 * and members are invited, take the link from the outbox, and set their own password.
 */
import { randomUUID } from 'node:crypto';

export class ApiSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  static async signIn(baseUrl: string, email: string, password: string): Promise<ApiSession> {
    const session = new ApiSession(baseUrl);
    // The server creates its first superadmin just after it starts listening: allow it a moment.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await session.request('POST', '/api/login', { email, password });
        return session;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes('→ 401')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  /** The cookie header this session sends. */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const text = typeof body === 'string';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': text ? 'text/csv' : 'application/json' }),
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
        cookie: this.cookieHeader,
        ...headers,
      },
      body: body === undefined ? undefined : text ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const answer = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${answer}`);
    return (answer ? JSON.parse(answer) : undefined) as T;
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }
}

export interface Project {
  id: string;
  project_name: string;
  project_number: string;
}

export async function createProject(admin: ApiSession, name: string, number: string, customer: string): Promise<Project> {
  return admin.post<Project>('/api/projects', { project_name: name, project_number: number, project_customer: customer });
}

export interface Member {
  id: string;
  email: string;
  password: string;
  name: string;
}

/** Invites a person, follows the e-mailed link and sets their password, as they would themselves. */
export async function createUser(
  admin: ApiSession,
  person: { first: string; last: string; email: string; password: string; role?: 'user' | 'admin' },
): Promise<Member> {
  const invited = await admin.post<{ id: string }>('/api/users/invite', {
    first_name: person.first,
    last_name: person.last,
    email: person.email,
    role: person.role ?? 'user',
  });
  const outbox = await admin.get<{ items: { body: string }[] }>(`/api/outbox?to=${encodeURIComponent(person.email)}`);
  const token = /\/login\/(\S+)/.exec(outbox.items[0]?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation link for ${person.email}`);
  const own = new ApiSession(admin.baseUrl);
  await own.post('/api/auth/exchange', { token, flow: 'invite' });
  await own.post('/api/auth/update-password', { password: person.password });
  return { id: invited.id, email: person.email, password: person.password, name: `${person.first} ${person.last}` };
}

export async function addMember(admin: ApiSession, projectId: string, userId: string, role: 'user' | 'manager' | 'admin') {
  await admin.post('/api/projects/assign', { user_id: userId, project_id: projectId, project_role: role });
}

export async function receive(api: ApiSession, projectId: string, part: string, quantity: number, name = part, nickname = name) {
  return api.post<{ item: { QtyOnHand: number } }>('/api/materials/receive', {
    project_id: projectId,
    part_number: part,
    quantity,
    part_name: name,
    standard_name: nickname,
  });
}

/** A part's figures in one project's inventory as the API answers them; zeros where the project never held it. */
export async function materialFigures(api: ApiSession, projectId: string, part: string) {
  const answer = await api.get<{ items: { PartNumber: string; QtyOnHand: number; QtyInTransit: number; QtyIncoming: number }[] }>(
    `/api/inventory/materials?project_id=${projectId}`,
  );
  const row = answer.items.find((r) => r.PartNumber === part);
  return { onHand: row?.QtyOnHand ?? 0, inTransit: row?.QtyInTransit ?? 0, incoming: row?.QtyIncoming ?? 0 };
}
