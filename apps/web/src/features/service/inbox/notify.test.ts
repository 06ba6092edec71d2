import { describe, expect, it } from 'vitest';
import type { InboxConversation } from '@nusa/contracts';
import { newHandovers, waitingIds } from './notify.ts';

const conversation = (id: string, status: InboxConversation['status']) => ({ id, status }) as InboxConversation;

describe('hand-over alerts', () => {
  it('announce a conversation once it newly waits; not those waiting when the page opened, nor taken or closed ones', () => {
    const first = [conversation('a', 'waiting'), conversation('b', 'agent')];
    expect(newHandovers(undefined, first)).toEqual([]);
    const seen = waitingIds(first);
    const next = [conversation('a', 'waiting'), conversation('b', 'agent'), conversation('c', 'waiting'), conversation('d', 'agent')];
    expect(newHandovers(seen, next).map((c) => c.id)).toEqual(['c']);
    expect(newHandovers(waitingIds(next), next)).toEqual([]);
    // A conversation sent back to the bot and handed over again waits anew.
    expect(newHandovers(waitingIds([conversation('a', 'agent')]), [conversation('a', 'waiting')]).map((c) => c.id)).toEqual(['a']);
  });
});
