/**
 * Bytes of uploads each person has arriving at once, in this process. An upload holds its announced
 * length (its route's largest body when it announces none) from before any of its body is read
 * until its answer is sent or its connection closes; one that would take its sender past the quota
 * is refused with 429 and Retry-After. A person's first upload is bounded by its route's own limit
 * instead, so a quota below that limit never refuses an upload outright.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

/** Seconds a refused sender is told to wait: about as long as a large upload takes on a fair line. */
const RETRY_AFTER_SECONDS = 10;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export class UploadsInFlight {
  private readonly bytesByUser = new Map<string, number>();

  constructor(readonly maxBytesPerUser: number) {}

  bytesOf(userId: string): number {
    return this.bytesByUser.get(userId) ?? 0;
  }

  /** Holds `bytes` for the person's upload: the release (safe to call twice), or null when over the quota. */
  hold(userId: string, bytes: number): (() => void) | null {
    const before = this.bytesOf(userId);
    if (before > 0 && before + bytes > this.maxBytesPerUser) return null;
    this.bytesByUser.set(userId, before + bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.bytesOf(userId) - bytes;
      if (left > 0) this.bytesByUser.set(userId, left);
      else this.bytesByUser.delete(userId);
    };
  }
}

export interface UploadGuardOptions {
  /** The largest body the route takes, form overhead included. */
  maxBodyBytes: number;
  /** What a body announced larger than that is told. */
  tooLargeMessage: string;
}

/**
 * The checks an upload route makes before it reads any body: a body not announced larger than the
 * route takes, and room in the sender's quota, held for the request.
 */
export function uploadGuard(inFlight: UploadsInFlight, options: UploadGuardOptions): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Signed in: every upload route is under /api, where the auth plugin refuses a caller without a session first.
    const user = request.caller;
    const announced = Number(request.headers['content-length']);
    if (announced > options.maxBodyBytes) return reply.code(413).send({ error: 'PAYLOAD_TOO_LARGE', message: options.tooLargeMessage });
    const release = inFlight.hold(user.id, Number.isFinite(announced) ? announced : options.maxBodyBytes);
    if (!release) {
      return reply
        .code(429)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          error: 'TOO_MANY_UPLOADS',
          message: `You have ${megabytes(inFlight.bytesOf(user.id))} MB of uploads in progress, and this one would take you past the limit of ${megabytes(inFlight.maxBytesPerUser)} MB. Wait for them to finish, then try again.`,
        });
    }
    reply.raw.once('close', release);
  };
}
