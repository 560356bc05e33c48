/**
 * Reads a request image from a multipart upload: `project_id` first, then the file. The file is
 * checked by its content (image-type.ts) and by size (the multipart limit), and stored through the
 * file store under `request-images/<project>/`. A body the multipart reader cannot follow is the
 * sender's mistake (400), never a server error.
 */
import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import { REQUEST_MESSAGES } from '../../contract/requests.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import { newFileKey } from '../storage/file-store.ts';
import { NO_FILE } from '../storage/request-body.ts';
import { IMAGE_EXTENSIONS, imageTypeOf, type RequestImageType } from './image-type.ts';

export const REQUEST_IMAGE_FOLDER = 'request-images';
export const NOT_MULTIPART = 'The upload must be multipart form data with project_id and file.';

export interface StoredImage {
  key: string;
  type: RequestImageType;
  size: number;
}

/** `allowed` throws when the caller may not add images to the project. */
export async function storeRequestImage(
  parts: AsyncIterable<Multipart>,
  store: FileStore,
  allowed: (projectId: string) => Promise<void>,
): Promise<StoredImage> {
  try {
    let projectId: string | null = null;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'project_id') projectId = String(part.value);
        continue;
      }
      if (!projectId || !z.uuid().safeParse(projectId).success) {
        part.file.resume();
        throw new DomainError('VALIDATION', 'project_id must be a valid project id, sent before the file.');
      }
      await allowed(projectId);
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? new DomainError('VALIDATION', REQUEST_MESSAGES.imageTooLarge) : error;
      });
      const type = imageTypeOf(bytes);
      if (!type) throw new DomainError('VALIDATION', REQUEST_MESSAGES.imageType);
      const key = newFileKey(`${REQUEST_IMAGE_FOLDER}/${projectId}`, IMAGE_EXTENSIONS[type], randomUUID());
      await store.put(key, bytes, type);
      return { key, type, size: bytes.length };
    }
  } catch (error) {
    if (error instanceof DomainError || (error as { statusCode?: number }).statusCode) throw error;
    throw new DomainError('VALIDATION', NOT_MULTIPART);
  }
  throw new DomainError('VALIDATION', NO_FILE);
}
