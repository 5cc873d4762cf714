import { describe, expect, it } from 'vitest';
import {
  createRoomState,
  readCreateRoom,
  readRoomPageState,
  roomPath,
} from '../../../src/views/pages/create/roomContext.ts';
import { testRoom } from '../../support/createFakes.ts';

describe('the router state between a room and the create modal', () => {
  it('reads the room the modal was opened from, and nothing else', () => {
    expect(readCreateRoom(createRoomState(testRoom))).toEqual(testRoom);
    expect(readCreateRoom({ room: { ...testRoom, extra: 1 } })).toEqual(testRoom);
    for (const state of [
      null,
      undefined,
      'room',
      {},
      { room: null },
      { room: { id: 'r', title: 'chess' } },
      { room: { id: 'r', title: '', CreatorId: 'u9' } },
      { room: { id: 1, title: 'chess', CreatorId: 'u9' } },
    ]) {
      expect(readCreateRoom(state)).toBeNull();
    }
  });

  it('reads the room page state, keeping well-formed fields only', () => {
    expect(readRoomPageState({ newPost: true, tab: 'poll', joined: false })).toEqual({
      newPost: true,
      tab: 'poll',
      joined: false,
    });
    expect(readRoomPageState({ newPost: 'yes', tab: 'photos', joined: 1 })).toEqual({});
    expect(readRoomPageState(null)).toEqual({});
  });

  it('addresses the room as /room/{CreatorId}/{title}, encoded', () => {
    expect(roomPath(testRoom)).toBe('/room/u9/chess_club');
    expect(roomPath({ CreatorId: 'a b', title: 'C#/C++' })).toBe('/room/a%20b/C%23%2FC%2B%2B');
  });
});
