/**
 * How a request appears in the log: as Fastify's own, except that a single sign-on callback's query
 * (the provider's one-time code and our state) is left out. Useless alone, they still are credentials.
 */
import type { FastifyRequest } from 'fastify';

const CALLBACK = /^(\/api\/auth\/oidc\/[^/?]+\/callback)\?.*$/;

export function loggedUrl(url: string): string {
  return url.replace(CALLBACK, '$1?[omitted]');
}

export function loggedRequest(request: FastifyRequest) {
  return { method: request.method, url: loggedUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
