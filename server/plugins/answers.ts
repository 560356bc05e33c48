/** The process's cache of serialized read answers (see server/http/answer-cache.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from '../http/answer-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    answers: AnswerCache;
  }
}

async function answersPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('answers', new AnswerCache());
}

export default fp(answersPlugin, { name: 'answers' });
