import { describe, expect, it } from 'vitest';
import { everythingOf, parseServerMessage, reconnectDelay, socketUrl, tagsForTopics } from './realtime-model.ts';

describe('topics to cache tags', () => {
  it('maps a stock change to the inventory and the logs of that project only', () => {
    expect(tagsForTopics('p1', ['inventory', 'logs'])).toEqual([
      { type: 'Inventory', id: 'p1' },
      { type: 'MaterialLogs', id: 'p1' },
    ]);
  });

  it('maps catalogue, project, members, site and users changes, once each', () => {
    const tags = tagsForTopics('p1', ['catalog', 'project', 'members', 'site', 'users', 'catalog']);
    expect(tags).toContainEqual('Catalog');
    expect(tags).toContainEqual({ type: 'ProjectSettings', id: 'p1' });
    expect(tags).toContainEqual({ type: 'Inventory', id: 'p1' });
    expect(tags).toContainEqual({ type: 'ProjectMembers', id: 'p1' });
    expect(tags).toContainEqual('SiteSettings');
    expect(tags).toContainEqual('User');
    expect(tags.filter((t) => t === 'Catalog')).toHaveLength(1);
  });

  it('maps a warehouse change to every warehouse list, stock and log, whichever project carried it', () => {
    expect(tagsForTopics('p1', ['warehouses'])).toEqual(['Warehouse', 'WarehouseStock', 'WarehouseLogs']);
  });

  it("maps a request change to the project's request lists and each request, but not the throttled unread count", () => {
    expect(tagsForTopics('p1', ['requests'])).toEqual([{ type: 'Requests', id: 'p1' }, 'Request', 'RequestHistory']);
  });

  it('maps an asset change to every asset inventory and log and the catalogue: instances move between places', () => {
    expect(tagsForTopics('p1', ['assets'])).toEqual(['AssetCatalog', 'AssetInventory', 'AssetLogs']);
  });

  it('maps a count change to every count list, session, line and variance', () => {
    expect(tagsForTopics('p1', ['counts'])).toEqual(['Counts']);
  });

  it('ignores topics it does not know', () => {
    expect(tagsForTopics('p1', ['weather'])).toEqual([]);
  });

  it('refreshes every topic of the project after a reconnect', () => {
    const tags = everythingOf('p2');
    expect(tags).toContainEqual({ type: 'Inventory', id: 'p2' });
    expect(tags).toContainEqual({ type: 'MaterialLogs', id: 'p2' });
    expect(tags).toContainEqual({ type: 'ProjectMembers', id: 'p2' });
  });
});

describe('reconnect backoff', () => {
  it('doubles from half a second and stops growing at fifteen', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, none))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });

  it('takes off up to a fifth at random', () => {
    expect(reconnectDelay(0, () => 1)).toBe(400);
    expect(reconnectDelay(5, () => 0.5)).toBe(13500);
  });
});

describe('server messages', () => {
  it('reads the messages of the protocol and drops anything else', () => {
    expect(parseServerMessage('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(parseServerMessage('{"type":"changed","projectId":"p","topics":["logs",3]}')).toEqual({
      type: 'changed',
      projectId: 'p',
      topics: ['logs'],
    });
    expect(parseServerMessage('{"type":"changed","topics":[]}')).toBeNull();
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('"ready"')).toBeNull();
  });

  it('builds the socket address from the page address', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(socketUrl({ protocol: 'https:', host: 'stock.example.com' })).toBe('wss://stock.example.com/ws');
    expect(socketUrl({ protocol: 'https:', host: 'stock.example.com' }, '/ws/requests')).toBe('wss://stock.example.com/ws/requests');
  });
});
