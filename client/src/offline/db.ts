/**
 * This device's offline store, one IndexedDB database per signed-in user, so nothing one person
 * kept is opened for another: `queue` holds field actions not yet accepted by the server (by id,
 * in `seq` order), `reads` the last answers of the screens a crew needs offline (by URL).
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QueuedAction } from './queued.ts';

export interface SavedRead {
  /** Path and query of the GET. */
  url: string;
  data: unknown;
  /** When the server gave this answer (ms since the epoch): shown as "as of". */
  savedAt: number;
  /** Its size in JSON characters, for the store's size limit. */
  size: number;
}

interface OfflineSchema extends DBSchema {
  queue: { key: string; value: QueuedAction; indexes: { seq: number } };
  reads: { key: string; value: SavedRead; indexes: { savedAt: number } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const PREFIX = 'stockledger-offline-';
export const offlineDbName = (userId: string): string => `${PREFIX}${userId}`;

const open = new Map<string, Promise<OfflineDb>>();

/** The signed-in user's database, opened once per page. */
export function offlineDb(userId: string): Promise<OfflineDb> {
  let db = open.get(userId);
  if (!db) {
    db = openDB<OfflineSchema>(offlineDbName(userId), 1, {
      upgrade(database) {
        database.createObjectStore('queue', { keyPath: 'id' }).createIndex('seq', 'seq');
        database.createObjectStore('reads', { keyPath: 'url' }).createIndex('savedAt', 'savedAt');
      },
      // Another tab deletes it (a logout): let go at once, so the deletion is not left blocked.
      blocking(_current, _blocked, event) {
        (event.target as IDBDatabase).close();
        open.delete(userId);
      },
    });
    open.set(userId, db);
  }
  return db;
}

/** Closes and deletes a user's database (on logout): their queue and their saved reads. */
export async function deleteOfflineDb(userId: string): Promise<void> {
  const db = open.get(userId);
  open.delete(userId);
  if (db) (await db).close();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(offlineDbName(userId));
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => resolve();
  });
}

/**
 * Empties the saved reads of everyone else who used this browser: the person signed in now never
 * has another's figures on their device. Their queues stay, for them to send when they are back.
 */
export async function clearOtherUsersReads(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => Boolean(n?.startsWith(PREFIX)));
  for (const name of names) {
    const other = name.slice(PREFIX.length);
    if (other === userId) continue;
    const db = await offlineDb(other);
    await db.clear('reads');
    db.close();
    open.delete(other);
  }
}
