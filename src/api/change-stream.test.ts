import { describe, expect, it } from 'vitest';
import { parseEvents } from './change-stream';

describe('parseEvents', () => {
  const data = { entity: 'user', entityId: '7', action: 'account.status', changed: ['status'] };

  it('[LIVE-8] reads change events, skips comments, and keeps an event still arriving for the next chunk', () => {
    const first = parseEvents(`retry: 1000\n: connected\n\nid: 4\nevent: change\ndata: ${JSON.stringify(data)}\n\n: keep-alive\n\nid: 5\nevent: ch`);
    expect(first.events).toEqual([{ id: '4', change: data }]);
    const second = parseEvents(`${first.rest}ange\ndata: ${JSON.stringify({ ...data, entityId: '8' })}\n\n`);
    expect(second.events).toEqual([{ id: '5', change: { ...data, entityId: '8' } }]);
    expect(second.rest).toBe('');
  });

  it('skips a malformed event and other event names', () => {
    expect(parseEvents('id: 1\nevent: change\ndata: {oops\n\nid: 2\nevent: other\ndata: {}\n\n').events).toEqual([]);
  });
});
