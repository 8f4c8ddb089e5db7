-- COPY … FREEZE against a plain COPY, into a fresh table shaped like a rebuild's shadow (its primary key,
-- no secondary index), with a million timeline rows of the seeded log, three rounds interleaved; the
-- frozen table's first scan and vacuum after. Needs the log of profile-rebuild.ts seed, rebuilt once by
-- its run; then: psql -h 127.0.0.1 -U postgres -d coseso_test -f test/src/bench/copy-freeze.sql
-- (a superuser: the rows go through a file of the server's, /tmp/timeline.copy). Decision 115.
\timing on
set synchronous_commit = off;
copy (select * from bench_rebuild_profile.order_timeline) to '/tmp/timeline.copy';
drop table if exists public.freeze_a, public.freeze_b;
create table public.freeze_a (like bench_rebuild_profile.order_timeline including defaults, primary key (order_id, revision));
create table public.freeze_b (like bench_rebuild_profile.order_timeline including defaults, primary key (order_id, revision));
\echo plain copy
copy public.freeze_a from '/tmp/timeline.copy';
\echo freeze copy (truncate in the same transaction)
begin; truncate public.freeze_b; copy public.freeze_b from '/tmp/timeline.copy' with (freeze); commit;
\echo first scans
select count(*) from public.freeze_a where description is not null;
select count(*) from public.freeze_b where description is not null;
\echo vacuum
vacuum public.freeze_a;
vacuum public.freeze_b;
\echo round 2
truncate public.freeze_a;
copy public.freeze_a from '/tmp/timeline.copy';
begin; truncate public.freeze_b; copy public.freeze_b from '/tmp/timeline.copy' with (freeze); commit;
select count(*) from public.freeze_a where description is not null;
select count(*) from public.freeze_b where description is not null;
vacuum public.freeze_a;
vacuum public.freeze_b;
\echo round 3 freeze first
begin; truncate public.freeze_b; copy public.freeze_b from '/tmp/timeline.copy' with (freeze); commit;
truncate public.freeze_a;
copy public.freeze_a from '/tmp/timeline.copy';
select count(*) from public.freeze_b where description is not null;
select count(*) from public.freeze_a where description is not null;
vacuum public.freeze_b;
vacuum public.freeze_a;
drop table public.freeze_a, public.freeze_b;
