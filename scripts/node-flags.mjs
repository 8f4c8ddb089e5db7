// The Node flags the server runs with in production: `npm start` (bootstrap.mjs), the bench's
// servers (test/src/bench), and backend/Dockerfile, whose CMD repeats them (a unit test holds it
// to this list). Why these, measured with `npm run bench`: test/src/bench/README.md.
//
// - A young generation twice the default (32 MB semi-spaces): the API allocates many short-lived
//   objects per request, and a small one collects them more often and promotes those of requests
//   still in flight. 64 MB ones measured no faster here and cost some 70 MB more RSS under load.
// - A ceiling on the old generation, far above what the process keeps alive (some 70 MB) but
//   below V8's default on a large machine: V8 lets the old generation grow up to four times its
//   live size between collections on a machine with gigabytes to spare, some 1.4 times under this
//   ceiling, which is what keeps the process's RSS under 300 MB under load.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32', '--max-old-space-size=512'];
