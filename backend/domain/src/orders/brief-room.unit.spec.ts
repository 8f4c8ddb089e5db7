import { briefRoom, MULTIPART_OVERHEAD_BYTES, upFrontRefusal } from './brief-room.js';
import { BRIEF_LIMITS } from './decider/brief.decider.js';

const MB = 1024 * 1024;
const files = (count: number, size: number) => Array.from({ length: count }, () => ({ size }));

describe('the room left in a brief, judged before an upload is read', () => {
  it('given an empty brief, then it has its 20 files and 50 MB', () => {
    expect(briefRoom([])).toEqual({ files: 20, bytes: BRIEF_LIMITS.maxTotalBytes });
  });

  it('given 3 files of 10 MB, then 17 files and 20 MB are left', () => {
    expect(briefRoom(files(3, 10 * MB))).toEqual({ files: 17, bytes: 20 * MB });
  });

  it('given a full brief, when any upload comes, then it is refused for its files', () => {
    expect(upFrontRefusal(briefRoom(files(20, 1)), 100)).toBe('files-full');
  });

  it('given 20 MB left, when a body announces more than 20 MB and its overhead, then it is refused for storage', () => {
    const room = briefRoom(files(3, 10 * MB));
    expect(upFrontRefusal(room, 20 * MB + MULTIPART_OVERHEAD_BYTES + 1)).toBe('storage-full');
    expect(upFrontRefusal(room, 20 * MB + MULTIPART_OVERHEAD_BYTES)).toBeNull();
    expect(upFrontRefusal(room, 5 * MB)).toBeNull();
  });
});
