// `npm run test:faults` (test/src/faults/run.ts) runs these, against servers of their own that the
// specs stop and restart; `npm test` never matches *.faults.spec.ts.
import { tier } from './jest.config.js';

export default {
  // A fault spec waits out outages (Redis away for a minute), restarts and catch-ups: minutes, not
  // seconds, and more on a busy machine. A hang detector, not a timer (its own waits go to 300 s).
  testTimeout: 900_000,
  projects: [tier('faults', 'faults', { slowTestThreshold: 120 })],
};
