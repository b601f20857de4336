// Recall section: per-session index build against the engine's own load, query latency on one
// large session, and the cross-session SQLite index over a generated sessions directory of ≥ 1 GB
// (its size against the folder, the first build against reading every file once in the same run,
// both with the page cache dropped first where the bench may drop it, and both with every file in memory,
// search p50/p95 on a warm connection, a whole CLI query, the re-index after one file grows).
//
// The per-session index tokenizes lazily (index.terms(), on the first word search), so "index
// build" here is everything needed before a word query can be answered: docs + tokenizing +
// postings (buildRecallIndexForTree, then terms()), timed in the same process as the engine load
// it is compared with. The lazy part is also shown on its own, for information.
//
// This file is also its own worker: `node bench/sections/recall.mjs <mode> ...` runs one
// measurement in a fresh process and prints JSON (the harness imports it and calls run()).
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

export const notes = [
  "- `recall --all` first build, the target row: cold. Before the read it is compared with, and again before the build, the bench drops the page cache (`sync`, then `1` into /proc/sys/vm/drop_caches; Linux, as root). A first build reads months of sessions that are mostly not in memory, and both sides then start from the disk. Where the cache cannot be dropped the row says so, and both sides run with the files in memory. The warm row beside it has every file in memory for both sides. Reading 1 GB from memory takes about a quarter of a second here. JSON.parse of the same lines alone takes longer (read + split + JSON.parse of every line in one thread: about 15× the warm read), so on 2 cores no reader that parses the sessions comes near 5× of a warm read.",
  "- What made the first build faster in December 2026's fourth session (9.4-10.3 s before, 5.4-18.6× of reads that were partly cold): each v3 session is read one line at a time (recall-cache-stream.ts: decoded, parsed, made into its doc and counted, then dropped; preparing every file in one thread: 10.3-11.5 s of CPU before, 7.7-7.9 s after, alternating runs of the two builds; the parsed entries of a whole file no longer survive the young generation); the worker reads the next files (libuv) while it prepares one; a worker per core with the main thread only writing; the writer at about half its cost (the tool: and file: filters one row per segment and key, not per doc; a transaction's postings written once, sorted, as a run appended to run_postings instead of staged and moved in key order at the end; rows 32 to an INSERT; statements prepared once per update). Tried and left out: parsing long lines with their long strings cut short in the bytes (the tool results past their cap, details, image data: half the bytes; the byte scan that proves the cut part valid JSON cost nearly what it saved, about 4% of preparing); a larger young generation for the workers (no difference within noise).",
  "- What made it faster in December 2026's sixth session (one-thread preparing of 81 MB of the bench folder, best of 5, alternating builds: 666-678 ms before, 520-536 ms after; the writer alone, bench/recall-writer.mjs: 3.1-3.6 s of CPU before, 1.9 s after): each term's postings and word positions are written as varints while the words are scanned (recall/varint-chains.ts: a chain of blocks per row in one arena), instead of (term, position) pairs logged, grouped per doc, laid out by term twice and encoded at the end; a line holding multi-byte UTF-8 is read as latin1 where that parses to the same JSON (every \\u escape an ASCII char) and only what a doc reads is decoded, long texts cut one unit past their caps (recall/latin1-entry.ts): decoding cost 5-7 ns a byte on the bench's lines that carry a ✓ (a two-byte line past 64K chars goes to V8's large-object space, which costs more than the decoding); the writer fills one reused parameter array per statement instead of flat arrays of millions of values, the calls table gets a file's rows in id order (appended to its B-tree, not put at random), a transaction's postings rows wait as places in their segments and are made only as each is written (recall-cache-pending.ts), and a segment carries its tool: and file: rows per key, grouped by the worker. Tried and left out: a slot of four ints in the word table (id, hash, pool offset and length, so a lookup reads no third array: 1-3%, within noise); per-chain cursors side by side; ROWS_PER_INSERT 128; PRAGMA synchronous = OFF; 160 MB read ahead instead of 64; one worker with this thread preparing too (all within noise on this machine, whose memory-bound timings move by 20% from run to run while a pure CPU loop does not).",
  "- Why the cold row moves between runs, and where a build's time goes (December 2026's seventh session). Three rounds of (drop the cache, read every file, drop it, build) in one process read in 1.5 s, then 0.65 s and 0.67 s, while each build took about 8.9 s: ratios 5.9×, 13.0×, 13.6×. The guest's page cache is dropped, but this machine is a virtual machine whose host keeps the files cached after a read, so the read is cold only when the host has not read the files lately; the build, bound by CPU, hardly changes. A warm build with 2 workers (perf, about 18 s of CPU): the two workers 56%, the main thread 21% (SQLite about 2 s of it), V8's helper threads (collecting and optimizing for three isolates) 15%, libuv's read threads 7%. Two processes preparing files side by side each ran 30-40% slower than alone (161 MB: 1.5-1.9 s against 1.15-1.34 s), so the 2 cores give about 1.45× of one. In a worker, counting words costs 82-90 ns a word (finding and hashing the word alone 27 ns; writing its position about 15% of the whole) and JSON.parse about a fifth; lines over 8 KB (half the bytes) take a fifth of the time, the short lines the rest. The same find-and-hash loop in WebAssembly ran 1.6× as fast: counting words in WebAssembly might take a tenth off a build, which would still leave it above 5× here. What did help: page faults, which cost much on this virtual machine. A build faulted in some 200,000 pages (3-3.5 s of system time): each file was read into a new 20 MB buffer, and each file's word rows grew a new arena. Workers now read into buffers they keep (store/read-buffers.ts), a build in one thread too, and the next file's rows take the arena the last one let go (recall/varint-chains.ts). The build alone, alternating with the build before, in the same minutes: 9.1-9.9 s against 10.7-11.7 s, 132,000-142,000 faults against 183,000-224,000, 2.0-2.2 s of system time against 2.9-3.5 s.",
  "- The lopsided row (December 2026's eighth session). A build's workers used to be handed files in turn, and the main thread wrote the files in order: a large session held one worker while the files handed to it after waited behind it, and the main thread waited for it while the other worker's results piled up to the window (64 MB) and that worker stopped. Now each worker takes the next file when it is free, the largest first (recall-cache-prepare-claims.ts), and a build writes the files as they are ready (PreparePool.nextReady). The lopsided folder (one 101 MB session and 35 of 2.5 MB, warm), builds alternating in the same minutes: the large session first, 2.85-2.93 s against 3.4-3.5 s before; the large session last, 3.04-3.16 s against 3.6-3.7 s; in one thread 3.0-3.2 s. On 2 cores the large session is the critical path: prepared by one worker, whose JIT starts cold (a 20 MB file takes about 440 ms first, 140-160 ms once warm), on cores it shares, then written. The 1 GB folder of equal files: unchanged.",
  "- The cold row in December 2026's eighth session, four runs of the recall section before the one in the table: 5.39× (7.6 s against a cold read of 1.42 s), 6.04× (9.4 s against 1.56 s, a run in which every figure of the machine was slower, the screens' too), 3.67× (7.3 s against 1.99 s), 5.84× (7.8 s against 1.34 s). The build holds at 7.3-7.8 s on a calm machine; the ratio follows the cold read, which on this virtual machine has ranged from 0.65 s to 2.0 s as the host has the files cached or not (see above): against the fastest cold read seen, the build would have to take 3.3 s.",
  "- The many-small-sessions row (December 2026's eighth session): 303 sessions of 170-289 KB (60 MB) build at about 20× the warm read, with workers or without. The writes dominate, not the preparing: one postings row per term and file (287,000 rows for 277 sessions of 170 KB, against 364,000 for the 52 files of the 1 GB folder), and in one thread SQLite's inserts and what feeds them take about half of the build (CPU profile of 277 sessions of 170 KB), preparing the files about a sixth. Writing a batch's rows of one term as one row (its files' entries in one blob) would cut the rows by about the number of files in a batch: the next step for real folders, which are mostly small sessions.",
  "- Where the rest would have to come from (December 2026's ninth session, no change to the build). One thread builds the 1 GB folder with 11.5 s of CPU, two workers with 15 s (the 2 cores give about 1.45× of one, see above), so a 3.3 s build needs about 4.8 s of one-thread CPU, less than half of today's. A one-thread profile: counting words 37% (42 million words a GB, 93-100 ns a word in a worker), the line loop with JSON.parse 17%, SQLite 13%, the collector 8%. The same word loop (scan, hash, table, counts, positions) written in AssemblyScript as a prototype ran at 39 ns a word against 93 on 6 of the files: about 2 s of one-thread CPU less, a build of some 6.5 s, still above 5× of a cold read under 1.3 s. The many-small-sessions folder in one thread (2.46 s): preparing 0.89 s, postings 0.89 s (335,000 rows, one per term and file, against 364,000 for the whole 1 GB folder), docs and the rest 0.48 s, the closing VACUUM 0.12 s; writing every transaction as a run instead of into postings took about 4% off, 128 rows to an INSERT instead of 32 nothing measurable. Rows per term and batch of files, not per file, are what would change that.",
  "- Words counted in WebAssembly (December 2026's tenth session). The word loop of the first build (scan, fold, hash, term table, counts, positions and postings rows) is AssemblyScript compiled to WebAssembly (recall/wasm/word-rows.as.ts, driven by recall/word-rows.ts); the per-session index keeps the JavaScript table. On six sessions of this folder, one thread, alternating: 87-94 ns a word in JavaScript, 53-59 in WebAssembly, the rows byte for byte the same (the 1 GB folder's 364,330 postings rows identical row for row against the JavaScript build). Timed inside a 2-worker build, counting takes 1.9-2.1 s of each worker's 6.9 s (92-100 ns a word of wall time, the two workers and the writer sharing 2 cores). Builds alternating with the JavaScript one in the same minutes: 6.5-8.0 s against 7.5-8.6 s, CPU 12.2-14.9 s against 14.0-16.2 s. What a build spends now, every file in memory (no words counted at all: 4.1 s, 7.5 s of CPU; counted but no rows written: 5.6-5.9 s; everything: 6.9-7.1 s): writing the postings rows (terms sent to the writer, their ids, 364,000 rows inserted) costs 1.2-1.4 s of wall time, about as much as counting. Tried and left out: each term's first 8 bytes in its table slot, so most lookups read neither the term's record nor the pool (no difference); a larger young generation for the workers (none). Six runs of the cold row after this change (two full bench runs, four of this section): 4.44×, 5.38×, 4.67×, 4.56×, 5.47×, 6.97×; builds of 6.6-8.0 s as the machine's speed moved, against cold reads of 0.98-1.58 s. The figure is met while a cold read takes about 1.4 s or more; against the 1.0-1.1 s reads of other runs, a build would need to be under 5.5 s. What would give that margin: writing postings rows per term and batch of files rather than per term and file (a format change: search, deletion, merging and fault handling read those rows), and not parsing long tool outputs past their cap (half the bytes), with the part cut out proved a valid JSON string in WebAssembly.",
  "- Long lines cut before they are parsed (December 2026's eleventh session). A line over 16 KB is copied into a WebAssembly module (recall/wasm/line-cut.as.ts, driven by recall/line-cut.ts) that finds what no reader of the index takes (a message's details, an image's bytes, a tool's output past its first 12,006 bytes when the result is no error) and cuts it out, where the rest parses exactly as the whole line (the bytes cut hold no raw control char and no bad escape, and start where a char or escape does; the host checks the tool result again on the parsed entry). The fourth session's scan in JavaScript cost nearly what it saved; this one reads sixteen bytes at a time: 0.19-0.27 ns a byte on base64, 0.43 on tool output with an escape every 20 bytes, against 3.1-4.4 ns a byte for JSON.parse of a 3 MB line (its string goes to V8's large-object space) and about 1.2 on the bench folder's long lines. On those (840 lines, 84 MB, of 8 sessions) 12.7 MB is left to parse; cut and parse 58-59 ms against 96-104 parsed whole. The 1 GB build moved within the noise (one thread, alternating: 10.3-12.3 s of CPU with the cut, 10.4-12.1 s without; a profile: JSON.parse 0.4 s less, the scan 0.3 s, 211 scavenges against 272): most of what long lines cost a build is the words the index keeps of them (an error's output, long user and assistant texts), which no cut touches; skipping every line over 32 KB outright (an upper bound that drops their docs) took only 0.65 s off the 2-worker build. Where the cut pays is the row above: sessions with screenshots, 1.5× as fast to prepare.",
  "- Where a build's time goes, by the clock (December 2026's eleventh session, the 1 GB folder warm): the workers are the critical path, each taking 150-250 ms a 20 MB file once warm and 430-600 ms its first (workers start in about 160 ms; flags for earlier optimizing, --no-liftoff and --always-sparkplug, changed nothing); the writer finishes 0.4 s after the last file is prepared. The first second writes little (61 MB by 1.5 s, then about 260 MB every 1.3-1.7 s), so the progress line's rate since the start put the time left at five times the real one (32 s with 6.5 s to go): it now takes the rate since the report before, and the first report gives none. Tried and left out: hashing a word eight bytes at a time instead of FNV byte by byte (no difference in the word benchmark), V8's single-threaded collector (none), no per-doc arrays of tools and paths in the segment builder (scavenges 20% shorter: about 1.5% of a build), the workers at a lower priority than the writer (nice 10 per thread: the writer still ends 0.25-0.48 s after the last file is prepared), a transaction of its own for each file once every file is started (that tail down to 0.18-0.26 s, the index 1 MB larger, the build's time within the noise). Why 5× of a fast cold read stays out of reach on this machine: the 2 cores give about 1.45× of one, so a 5 s build needs about 7.2 s of one-thread CPU against about 10 s now (JSON.parse 1.6 s, counting words 2.5 s, the collector 0.9 s, SQLite 1.6 s, the rest JavaScript around them), and no piece or change within reach is 2.8 s. What would be: the docs read from the line's bytes in WebAssembly (no JSON.parse, no strings for what the index keeps), with JSON.parse left for the lines it cannot take; or postings rows per term and batch of files. A bound on the first: the line cut's module run over every line of 8 sessions (161 MB, nothing cut: the structure walked, every string checked) took 0.74-0.95 ns a byte against 1.77-2.11 for latin1 and JSON.parse, so reading the docs from the bytes would save at most about half of JSON.parse, before it makes any text. The machine's speed moved during the session: the same 2-worker build took 6.5 s at its start and 7.7-9.5 s an hour later, the word benchmark 53-59 ns a word in the tenth session and 70-89 in this one.",
  "- Reading and writing past the page cache (December 2026's twelfth session). A cold read of the 1 GB folder through the page cache is nearly all CPU on this virtual machine: 1.0-1.4 s, of which 0.9-1.2 s is system time (the guest fills a page of its own for every 4 KiB, then copies it out); read with O_DIRECT into the same kept buffers it took 0.37 s and 0.04 s of CPU. A build now reads whole files so where the system allows it (store/read-uncached.ts: the buffer's aligned offset found by trying, as a misaligned read fails at once with EINVAL; any failure, and macOS and Windows, read as before; files under 1 MiB too: the folder of 300 sessions of 170-289 KB, cold, built in 2.64-2.93 s read directly against 2.58-2.71 s through the cache). Cold builds, alternating with builds reading through the page cache, each in a process of its own: system time 1.41-1.52 s against 2.16-2.36 s, builds 6.4-7.5 s against 7.0-7.7 s. The build also wrote 370 MB to /var/tmp in 132,000 writes: SQLite's statement journals (every multi-row INSERT inside the transaction keeps the pages it changes) and the sub-journals of each file's savepoint, which spill to temporary files past 64 KiB. PRAGMA temp_store = MEMORY keeps them in memory (a statement's pages, a file's pages that were in the database before it): builds alternating in the same minutes, system time 1.51-1.62 s against 1.72-1.94 s, 0.2-0.45 s sooner. A build still takes 140,000-160,000 page faults (about 1.2 s of system time): V8 hands back some 1,400 chunks of 256 KB during a build and takes new ones, and the rows each worker copies out of WebAssembly are new memory each file. The word loop is not waiting on memory: a 20 MB session has about 7,000 distinct terms, 90% of its words are among its 1,000 most frequent, and a lookup probes 1.05 slots on average, so the table sits in the core's cache; a word costs 53-59 ns alone and about twice that in a build, where two workers and the writer share the 2 cores. Tried and left out: comparing a term's last bytes with one masked 8-byte load instead of byte by byte (no difference), one worker with the main thread preparing files too (no difference within the noise), --maglev, --min-semi-space-size=16, --no-memory-reducer (none). The cold row is now the round of median ratio of five, each round a process of its own (drop, read every file, drop, build): single rounds have ranged from 4.4× to 7.0× as the machine's speed and the host's cache moved; this session's first run of the section gave 4.92×, 4.52× and 6.24×, builds of 6.4-6.5 s against cold reads of 1.03-1.43 s. Two full bench runs with five rounds: 4.83× (rounds 4.57-8.49×) and 5.17× (rounds 3.84-8.67×), the target met in one and missed in the other. The machine's speed moved within minutes: the same cold build took 6.0-6.2 s and 11.1-11.4 s of CPU, then 8.2-8.5 s and 15.4-16.2 s of CPU (alternating with builds reading through the page cache, which took 0.1-0.7 s longer, with 0.6-0.9 s more system time), while a cold read took 1.0-1.85 s. On this machine the figure is met while a build runs near 6 s, and missed when it runs near 8 s or a cold read is fast: 5× of the fastest cold read seen (0.89 s) would need a build of 4.5 s, about 8 s of CPU against 11 s now.",
  "- Where a build's CPU goes by thread, and runs of one row per term (December 2026's thirteenth session). Thread times of a build of the 1 GB folder with every file in memory (/proc, 12.1 s of CPU in 6.45 s): each worker 3.7 s, the main thread 2.4 s, V8's four helper threads 2.3 s together (scavenges and optimizing for three isolates; --v8-pool-size=1 and --single-threaded-gc moved it to the other threads, 12.4-12.7 s in all); page faults 154,000 (each worker 25,000, the main thread 45,000). Upper bounds on the writer, builds alternating in the same minutes: writing no docs or calls rows at all took 0.15 s off (0.3 s of CPU), no postings rows at all about 0.3 s (0.9 s of CPU). So the 5× is lost in the workers (in their samples: counting words about a third, JSON.parse a sixth, the collector a tenth), not in SQLite. A run now holds one row per term for all its files, their rows chained (store/recall-cache-run-rows.ts; each term's last doc comes from the worker, so chaining copies bytes): the 1 GB index 118 MB against 136 MB, 364,330 rows become 43,821, the writer's CPU 2.6-2.7 s against 3.0-3.1 s (builds alternating, in a phase where each took about 8 s: within the noise); the folder of 300 small sessions, whose postings rows were 40% of its build (writing none took 2.6 s to 1.65 s), builds in 1.6-1.8 s against 2.0-2.3 s and its index takes 8.4 MB against 13.1 MB, with transactions of at least 1 MB of postings (about 12 MB of sessions) written as runs (4 MB before). The price: deleting or rewriting a file of a run first splits the run's rows back into postings, one per term and file: dropping one session of the 1 GB index took 1.3-1.4 s against 0.22 s, once per run. Cold reads this session ranged from 0.57 s to 1.89 s, builds from 6.2 to 6.5 s in a calm phase. The cold row in this session's three full bench runs: 4.75× (rounds 4.01-5.27×), 4.17× (3.61-7.14×), 4.67× (4.60-6.04×); two runs of the recall section after the last of them, as the host's cold reads got faster (0.92-1.46 s) and builds took 6.5-7.7 s: 6.39× (6.01-7.98×) and 5.75× (5.06-7.16×).",
  "- Fewer survivors, a faster word loop, less optimizing again (December 2026's fourteenth session). A worker's scavenges cost as much as they did because each doc left objects alive until its file's end: its tools and paths as arrays, a result's call as an object, a `|tool|` string each. The segment builder now keeps per tool, path and call a list of docs (store/recall-cache-segment.ts; the order of the paths and their docs as before, checked against the per-doc reading on random reads), docs with the same tools share one string, and a path's key is made once per path: scavenges on 10 files, one thread, 265 ms against 196, and a worker allocates 545 MB on 12 files against 596. The word loop scans 64 bytes at a time (SIMD: ASCII folded, a bit per word byte and per byte of a multi-byte char; only a word at a multi-byte char is read char by char) and keeps a term's first 8 bytes in its 16-byte slot, so a word of up to 7 bytes is known without reading the term: 31-34 ns a word alone against 50 (the rows byte for byte the same), about 2.4 times that inside a build. V8's helper threads spent about 1.4 s of a build's CPU optimizing code (perf), for each isolate again: the streamed read's line loop, optimized on stack mid-file, was thrown away at each file's end (51 times in a one-thread run of 52 files) and is now a method of a reader; a segment's string and null columns start as arrays of objects (SegmentBuilder.add was compiled again for each column a string first went into): 3 compiles of it in a one-thread run of the folder against 6. Builds of the 1 GB folder with every file read past the page cache, alternating with the build at the session's start: 5.42-5.54 s against 6.10-6.39 s, 10.0-10.4 s of CPU against 11.3-11.9 s, 144,000-149,000 page faults against 155,000-164,000. `recall --all --json` answers as the session's first build did, byte for byte, on 5 queries of the 1 GB folder and 5 of a folder of real and generated sessions, each a fresh cache. Tried and left out: a term's count, last position and positions head in a 64-byte slot (one line a word instead of two: 1% slower in builds), counting the words of a batch of docs together after parsing them (none), cutting lines from 2 KB instead of 16 KB (none), the listing's message lengths without joining the texts (none), --max-semi-space-size=4 (2%, within the noise) and =64 (6% slower), --max-inlined-bytecode-size-cumulative=300 and --no-turbo-inlining (3-4%; V8 flags are the process's, not a worker's). The cold row this session: 5.49× in a run of the section after the first changes (rounds 4.78-6.33×; builds 5.44-5.85 s, cold reads 0.92-1.14 s), 5.85× in a slow phase of the host (builds 6.19-7.51 s), and 4.28× in the full run (rounds 3.49-5.85×; builds 5.20-5.53 s, reads 0.93-1.52 s). The same build of files in memory took 5.3-5.6 s and, twenty minutes later, 6.8-7.0 s (10.0-10.5 s of CPU against 12.5-13.0 s for the same work): with reads near 0.9 s the target needs the slow phase's build under 4.5 s.",
  "- The cold row in December 2026's fifteenth session (no change to the build): a run of the recall section gave 4.87× (rounds 4.25-5.73×; builds 5.78-7.00 s, cold reads 1.02-1.36 s). Where a build's CPU goes now (perf, every file in memory, 2 workers, 11.2 s of CPU): the word loop in WebAssembly about 22% (the term lookup alone 9%), JSON.parse about 9%, the kernel 7% (page faults mostly: the rows sliced out of WebAssembly memory, SQLite's copies of bound blobs, the scavenger's promoted pages, none of them a tenth of it). One thread prepares and writes the folder with 9.3 s of CPU in 8.8 s, two workers with 11.3 s in 6.0 s: the second core costs some 2 s of CPU, 0.6 s of it system time. Tried and left out: --max-inlined-bytecode-size-cumulative=300 for the whole process (builds alternating: 5.8-6.0 s either way).",
  "- Searches of the 1 GB index (December 2026's sixteenth session). A run of the recall section gave a search p95 of 109 ms (max 204 ms) against 28-37 ms in other runs: the p95 of 4 rounds of 13 queries was the 3rd slowest of 52 searches, so one pause of the host doubled it; the row now takes 20 rounds (260 searches). The searches themselves, on a fresh index of the folder, old and new code in alternating processes (3 each, 10 rounds of the 13 queries): p50 12.2 -> 7.8 ms, p95 37.1 -> 23.2 ms; a quoted phrase of two common words (\"session module\", in 104,000 and 159,000 docs, together in 75,000) 34-36 -> 24-26 ms. What changed: each doc's length and role, read for every search (about 4 ms), are kept while the index's version holds (SQLite's data_version, which moves when another connection commits, and this connection's total_changes); the ranking reads each stored row in place (recall/cross-postings.ts PostingReader) instead of decoding it into an array of triples first, which cost as much as the ranking (a 1.9 MB array per common word, whose pages were faulted in each time: the same decode into kept memory took a third of the time); a phrase reads word positions only in the docs holding all its words, into memory kept from query to query (recall/int32-arena.ts). On an index that has taken appends (84,000 postings rows beside the runs), asking whether a term is in use of the postings table first cost about 13 µs a term (a WITHOUT ROWID table compares keys on overflowing records by reading them whole), up to 500 terms for a prefix word: the runs are now asked first (\"refactor session store\" 20 -> 16 ms there). And a search now reads one state of the index (a read transaction): a commit of another process between reading the docs and the postings gave postings naming docs the search had not seen, which it took for damage and rebuilt the index. The picker's search for a keystroke asked for 200 hits and read every one's line back from its session file (open, read, JSON.parse, the doc's text, a snippet) to keep only each session's best: it now asks for each session's best (bestPerSession), ranked over every match rather than among the first 200 hits (where one large session's hits could push every other session out of the list), and only those lines are read (1 GB folder, 12 queries alternating in one process: p50 21 -> 12 ms, p95 35 -> 22 ms with the best among the first 200; the row beside the search p95 measures it against the old way in the same run).",
];

const SELF = fileURLToPath(import.meta.url);
const COMMAND = "node bench/run.mjs recall";
const SESSIONS_FILES = 52;
const SESSION_BYTES = 20_000_000;
const QUERIES = [
  "error",
  "parser timeout",
  "refactor session store",
  "config",
  "commit message",
  "sesion",
  "zzzqqqx",
  '"session module"',
  "role:user config",
  "tool:bash error",
  "file:src/session/id.tsx",
  "worker queue stream",
  "render",
  "scope:all token",
  "scope:forgotten leaf",
];

// ------------------------------------------------------------------ harness side
export async function run(ctx) {
  const rows = [];
  const big = ctx.synth.find((s) => s.name.includes("50mb"));
  if (!big) return [{ figure: "recall", value: "skipped: synth-50mb missing", baseline: "", ratio: "", target: "", met: undefined, command: "" }];
  const command = COMMAND;

  const builds = [1, 2, 3, 4, 5].map(() => child(ctx, ["build", big.path]));
  const failed = builds.find((b) => b.error);
  if (failed) return [{ figure: "recall index build", value: failed.error, baseline: "", ratio: "", target: "", met: false, command }];
  const load = ctx.median(builds.map((b) => b.loadMs));
  const ready = ctx.median(builds.map((b) => b.indexMs + b.termsMs));
  const docsOnly = ctx.median(builds.map((b) => b.indexMs));
  const terms = ctx.median(builds.map((b) => b.termsMs));
  const firstQuery = ctx.median(builds.map((b) => b.firstQueryMs));
  const ratios = builds.map((b) => ratioOf(b.indexMs + b.termsMs, b.loadMs)).join(" ");
  rows.push({
    figure: `recall index build, ready for the first word query (docs + tokenizing + postings), ${big.name} (${(big.bytes / 1e6).toFixed(1)} MB, ${builds[0].docs} docs, ${builds[0].terms} terms; median of ${builds.length} processes, per-process ratios ${ratios})`,
    value: fmt(ready),
    baseline: `${fmt(load)} engine load (read + parse + tree)`,
    ratio: ratioOf(ready, load),
    target: "≤ 1.00× (≤ the engine's load time)",
    met: ready <= load,
    command,
  });
  rows.push({
    figure: `recall index build, of which: docs, lineage, labels (what opening recall costs; tokenizing waits for the first word search)`,
    value: fmt(docsOnly),
    baseline: `tokenizing + postings ${fmt(terms)}`,
    ratio: ratioOf(docsOnly, load),
    target: "informational (ratio vs engine load)",
    met: undefined,
    command,
  });
  rows.push({
    figure: `recall first word search once the index is ready, ${big.name} ("parser timeout")`,
    value: fmt(firstQuery),
    baseline: "",
    ratio: "",
    target: "informational",
    met: undefined,
    command,
  });

  const q = child(ctx, ["query", big.path]);
  if (q.error) rows.push({ figure: "recall query latency", value: q.error, baseline: "", ratio: "", target: "", met: false, command });
  else {
    rows.push({ figure: `recall query p50, ${big.name} (${q.samples} runs of ${QUERIES.length} queries)`, value: fmt(q.p50), baseline: "", ratio: "", target: "< 5 ms", met: q.p50 < 5, command });
    rows.push({ figure: `recall query p95, ${big.name}`, value: fmt(q.p95), baseline: `slowest query: ${q.slowest}`, ratio: "", target: "< 20 ms", met: q.p95 < 20, command });
    rows.push({ figure: `recall regex scan, ${big.name} (/exit(ed)? with code [1-9]/, scope all)`, value: fmt(q.regexMs), baseline: "", ratio: "", target: "informational", met: undefined, command });
  }

  // An agent dir whose sessions folder recall --all reads the way pi's listAll does.
  const agentDir = join(ctx.outDir, "recall-agent");
  const dir = join(agentDir, "sessions");
  const older = join(ctx.outDir, "recall-sessions");
  if (existsSync(older) && !existsSync(dir)) {
    mkdirSync(agentDir, { recursive: true });
    renameSync(older, dir); // where earlier runs generated it: no need to generate 1 GB again
  }
  ensureSessionsDir(ctx, dir);
  const bytes = listJsonl(dir).reduce((n, f) => n + statSync(f).size, 0);
  const cacheHome = join(ctx.outDir, "recall-cache");
  const all = child(ctx, ["all", agentDir, cacheHome], 3_600_000);
  if (all.error) rows.push({ figure: "recall --all", value: all.error, baseline: "", ratio: "", target: "", met: false, command });
  else {
    const label = `${all.files} sessions, ${(bytes / 1e9).toFixed(2)} GB`;
    const sizeRatio = all.cacheBytes / bytes;
    rows.push({ figure: `recall --all index size (${label})`, value: `${(all.cacheBytes / 1e6).toFixed(1)} MB`, baseline: `${(bytes / 1e6).toFixed(0)} MB of sessions`, ratio: `${sizeRatio.toFixed(2)}×`, target: "≤ 0.25×", met: sizeRatio <= 0.25, command });
    rows.push({ figure: `recall --all index size by table (dbstat, share of the sessions' size)`, value: all.tables, baseline: "", ratio: "", target: "informational", met: undefined, command });
    const coldly = all.cold ? "page cache dropped before it" : "page cache NOT dropped (needs root and a writable /proc/sys/vm/drop_caches): files in memory";
    // The target row: the median of rounds, each in a process of its own (a single round has
    // ranged from 3.8× to 8.7× on this virtual machine as its speed and the host's cache moved).
    const rounds = [];
    for (let r = 0; r < COLD_ROUNDS; r++) {
      const round = child(ctx, ["cold-round", agentDir, cacheHome]);
      if (!round.error) rounds.push(round);
    }
    if (rounds.length === 0) rows.push({ figure: "recall --all first index build, cold", value: "every round crashed", baseline: "", ratio: "", target: "≤ 5.00×", met: false, command });
    else {
      // The round whose ratio is the median: a build set against the read of its own round.
      const { buildMs, readMs } = [...rounds].sort((a, b) => a.buildMs / a.readMs - b.buildMs / b.readMs)[Math.floor(rounds.length / 2)];
      const each = rounds.map((r) => `${(r.buildMs / 1000).toFixed(2)} s / ${(r.readMs / 1000).toFixed(2)} s = ${ratioOf(r.buildMs, r.readMs)}`).join(", ");
      rows.push({ figure: `recall --all first index build, cold (${label}, ${all.docs} docs; ${all.workers} worker thread${all.workers === 1 ? "" : "s"} preparing files, ${all.cores} cores; ${rounds[0].cold ? "page cache dropped before it" : coldly}; the round of median ratio of ${rounds.length}, each a process of its own: build / read ${each})`, value: fmt(buildMs), baseline: `${fmt(readMs)} reading every file once, ${rounds[0].cold ? "page cache dropped before it" : "files in memory"} (same round)`, ratio: ratioOf(buildMs, readMs), target: "≤ 5.00×", met: buildMs <= 5 * readMs, command });
    }
    rows.push({ figure: `recall --all first index build, cold, once more in the process that measures the rows below (${coldly})`, value: fmt(all.firstBuildMs), baseline: `${fmt(all.readMs)} reading every file once (same process)`, ratio: ratioOf(all.firstBuildMs, all.readMs), target: "informational", met: undefined, command });
    rows.push({ figure: "recall --all first index build, cold, with whole files read through the page cache (directReads: false, as before December 2026's twelfth session)", value: fmt(all.firstBuildCachedReadsMs), baseline: `${fmt(all.firstBuildMs)} read past the page cache (store/read-uncached.ts), same run`, ratio: ratioOf(all.firstBuildCachedReadsMs, all.readMs), target: "informational (ratio vs the plain read)", met: undefined, command });
    rows.push({ figure: `recall --all, every file read once as a build reads it: ${all.readDirect ? "past the page cache (O_DIRECT)" : "through the page cache (no direct reads here)"}, ${all.cold ? "page cache dropped before it" : "files in memory"}`, value: fmt(all.readUncachedMs), baseline: `${fmt(all.readMs)} the plain read the target is measured against (same run)`, ratio: ratioOf(all.readUncachedMs, all.readMs), target: "informational", met: undefined, command });
    rows.push({ figure: "recall --all first index build, warm: every file in the page cache (a new index; the build reads past it where it can, store/read-uncached.ts)", value: fmt(all.firstBuildWarmMs), baseline: `${fmt(all.readWarmMs)} reading every file from the page cache (same run)`, ratio: ratioOf(all.firstBuildWarmMs, all.readWarmMs), target: "informational", met: undefined, command });
    rows.push({ figure: "recall --all without SQLite, warm: the sessions indexed in memory, then one search (PI_EXPLORER_SQLITE=none, or no driver loads)", value: fmt(all.memoryMs), baseline: `${fmt(all.firstBuildWarmMs)} building the cache, warm`, ratio: ratioOf(all.memoryMs, all.readWarmMs), target: "informational", met: undefined, command });
    rows.push({ figure: "recall --all first index build in one thread (no workers; ratio vs reading every file)", value: fmt(all.oneThreadMs), baseline: `${fmt(all.firstBuildMs)} with workers`, ratio: ratioOf(all.oneThreadMs, all.readMs), target: "informational", met: undefined, command });
    rows.push({ figure: "recall --all, what the workers do, alone in one thread: read + parse + docs + postings of every file (ratio vs reading every file; the rest of a build is SQLite's)", value: fmt(all.oneThreadPrepareMs), baseline: "", ratio: ratioOf(all.oneThreadPrepareMs, all.readMs), target: "informational", met: undefined, command });
    rows.push({ figure: `recall --all search p50, warm connection (${all.searchSamples} searches of ${all.searchQueries} queries)`, value: fmt(all.searchP50), baseline: "", ratio: "", target: "informational", met: undefined, command });
    rows.push({ figure: "recall --all search p95, warm connection", value: fmt(all.searchP95), baseline: `slowest: ${all.searchSlowest}`, ratio: "", target: "< 50 ms", met: all.searchP95 < 50, command });
    rows.push({ figure: `recall --all, the picker's search for a keystroke (each session's best hit over every match, up to 200 sessions, only those read back; warm connection, ${all.pickerSamples} searches of the same queries), p95 (p50 ${fmt(all.pickerP50)})`, value: fmt(all.pickerP95), baseline: `${fmt(all.pickerWholeP95)} p95 with all 200 hits read back (as the picker asked before; alternating, same run)`, ratio: ratioOf(all.pickerP95, all.pickerWholeP95), target: "< 34 ms (one frame: Ink draws at most 30 a second)", met: all.pickerP95 < 34, command });
    const asked = QUERIES.filter((q) => !q.startsWith("scope:")).length;
    rows.push({ figure: `recall --all query after the build (median of ${asked} queries, each: open + list + stat every file + search)`, value: fmt(all.queryMs), baseline: `slowest ${fmt(all.queryMaxMs)}`, ratio: "", target: "< 100 ms", met: all.queryMs < 100, command });
    rows.push({ figure: "recall --all, of which: up-to-date check with nothing changed (readdir + stat of every file; median)", value: fmt(all.updateMs), baseline: `search alone ${fmt(all.searchMs)} (median)`, ratio: "", target: "informational", met: undefined, command });
    rows.push({ figure: "recall --all re-index after one file grew (appended lines only)", value: fmt(all.growMs), baseline: `${fmt(all.fileReindexMs)} re-reading that file whole`, ratio: ratioOf(all.growMs, all.fileReindexMs), target: "≪ a full re-read", met: all.growMs < all.fileReindexMs, command });
  }
  // Two shapes real folders have: one large session among small ones, and many small sessions.
  const sources = listJsonl(dir);
  const lopsidedDir = join(ctx.outDir, "recall-lopsided-agent");
  ensureCutFolder(ctx, join(lopsidedDir, "sessions", "--home-dev-lopsided--"), sources.slice(5, 10), 2_500_000, sources.slice(0, 5));
  rows.push(
    folderBuildRow(ctx, lopsidedDir, (r) => `a lopsided folder, warm: one ${(r.largest / 1e6).toFixed(0)} MB session first, then ${r.files - 1} of ${(r.smallest / 1e6).toFixed(1)}-${(r.secondLargest / 1e6).toFixed(1)} MB`),
  );
  const smallDir = join(ctx.outDir, "recall-small-agent");
  ensureCutFolder(ctx, join(smallDir, "sessions", "--home-dev-small--"), sources.slice(10, 13), 170_000);
  rows.push(folderBuildRow(ctx, smallDir, (r) => `a folder of many small sessions, warm: ${r.files} of ${(r.smallest / 1e3).toFixed(0)}-${(r.largest / 1e3).toFixed(0)} KB, ${(r.bytes / 1e6).toFixed(0)} MB`));
  rows.push(screenshotsRow(ctx, sources[0], join(ctx.outDir, "recall-screenshots.jsonl")));
  const corpus = join(ctx.shared, "corpus");
  if (existsSync(corpus)) {
    const c = child(ctx, ["corpus", corpus, join(ctx.outDir, "recall-corpus-cache")]);
    if (c.error) rows.push({ figure: "recall index on the corpus", value: c.error, baseline: "", ratio: "", target: "", met: false, command });
    else {
      const r = c.cacheBytes / c.bytes;
      rows.push({ figure: `recall index size on the corpus (${c.files} sessions of ../shared/corpus)`, value: `${(c.cacheBytes / 1e6).toFixed(2)} MB`, baseline: `${(c.bytes / 1e6).toFixed(2)} MB of sessions`, ratio: `${r.toFixed(2)}×`, target: "≤ 0.25×", met: r <= 0.25, command });
      rows.push({ figure: "recall index size on the corpus by table (dbstat, share of the sessions' size)", value: c.tables, baseline: "", ratio: "", target: "informational", met: undefined, command });
    }
  }
  return rows;
}

/** Drops the kernel's page cache (Linux, as root); false where this process may not. */
function dropPageCache() {
  try {
    execFileSync("sync");
    writeFileSync("/proc/sys/vm/drop_caches", "1\n");
    return true;
  } catch {
    return false;
  }
}

/** The file set recall --all indexes (src/cli/commands/recall.ts sessionsToSearch). */
const sessionFilesOf = (engine, agentDir) =>
  engine
    .listAllSessionFiles({ agentDir, profile: "1.6", home: "/nonexistent", baseDir: "/" })
    .filter((path) => engine.startsWithSessionHeader(path, "1.6"))
    .sort();

/** Milliseconds to read every file once, plainly. */
function timeReadingAll(files) {
  const t = performance.now();
  for (const f of files) readFileSync(f);
  return performance.now() - t;
}

/** A first build of `files` into a new index at `dbPath`: its milliseconds and what it did. */
function timeBuild(store, dbPath, files, options = {}) {
  const t = performance.now();
  const cache = store.RecallCache.open(dbPath);
  const stats = cache.update(files, "1.6", options);
  const ms = performance.now() - t;
  cache.close();
  return { ms, stats };
}

/** Rounds of the cold first-build row (its median is the figure). */
const COLD_ROUNDS = 5;
const fmt = (n) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(2)} ms`);
/** A database file and the journal files SQLite may leave beside it. */
const removeDb = (path) => {
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(path + s, { force: true });
};
const ratioOf = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");

function child(ctx, args, timeoutMs = 600_000) {
  const r = ctx.runChild([SELF, ...args, ctx.engineUrl], { timeoutMs });
  if (r.status !== 0) return { error: `crashed: ${(r.stderr.split("\n").find((l) => /Error/.test(l)) ?? r.stderr.split("\n")[0] ?? "").trim().slice(0, 160)}` };
  return JSON.parse(r.stdout);
}

function listJsonl(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((n) => n.endsWith(".jsonl"))
    .map((n) => join(dir, n))
    .sort();
}

/** ≥ 1 GB of generated sessions in a pi-like layout (a folder per project), made once. */
function ensureSessionsDir(ctx, dir) {
  const gen = join(ctx.shared, "tools", "synth", "gen.mjs");
  for (let i = 0; i < SESSIONS_FILES; i++) {
    const project = join(dir, `--home-dev-project-${i % 6}--`);
    const file = join(project, `2026-03-${String(1 + (i % 28)).padStart(2, "0")}T10-00-00-000Z_recall-${i}.jsonl`);
    if (existsSync(file) && statSync(file).size >= SESSION_BYTES) continue;
    mkdirSync(project, { recursive: true });
    ctx.log(`generating recall session ${i + 1}/${SESSIONS_FILES}`);
    const r = ctx.runChild([gen, "--seed", `recall-${i}`, "--turns", "1000000000", "--target-bytes", String(SESSION_BYTES), "--out", file]);
    if (r.status !== 0) throw new Error(`gen.mjs failed: ${r.stderr.split("\n")[0]}`);
  }
}

/**
 * A sessions folder made once from the recall --all folder's sessions: `cut` cut into sessions of
 * about `bytes` each (under their header, each with an id of its own), and `joined` (when given)
 * made one large session, first in the listing.
 */
/** A session with screenshots (a user's image every 200 lines), prepared for a first build with its long lines cut and parsed whole. */
function screenshotsRow(ctx, source, file) {
  const r = source ? child(ctx, ["screenshots", source, file]) : { error: "no session to add screenshots to" };
  const figure = "recall --all, preparing one session with screenshots for a first build: long lines parsed with what no reader takes cut out (recall/line-cut.ts)";
  if (r.error) return { figure, value: r.error, baseline: "", ratio: "", target: "", met: false, command: COMMAND };
  return {
    figure: `${figure}; ${(r.bytes / 1e6).toFixed(0)} MB, ${r.screenshots} screenshots of ${(r.imageBytes / 1e6).toFixed(1)} MB, warm, best of ${r.rounds} alternating`,
    value: fmt(r.cutMs),
    baseline: `${fmt(r.wholeMs)} with every line parsed whole (same run)`,
    ratio: ratioOf(r.cutMs, r.wholeMs),
    target: "informational",
    met: undefined,
    command: COMMAND,
  };
}

function ensureCutFolder(ctx, project, cut, bytes, joined = []) {
  if (existsSync(join(project, "done"))) return;
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  ctx.log(`making ${project}`);
  const lines = (file) => readFileSync(file, "utf8").split("\n").filter(Boolean);
  if (joined.length) {
    const large = lines(joined[0]);
    for (const f of joined.slice(1)) large.push(...lines(f).slice(1));
    writeFileSync(join(project, "2026-01-01T00-00-00-000Z_large.jsonl"), `${large.join("\n")}\n`);
  }
  let k = 0;
  for (const f of cut) {
    const [headerLine, ...body] = lines(f);
    const header = JSON.parse(headerLine);
    let chunk = [];
    let size = 0;
    for (const line of body) {
      chunk.push(line);
      size += line.length;
      if (size < bytes) continue;
      const name = `2026-02-01T00-${String(Math.floor(k / 60)).padStart(2, "0")}-${String(k % 60).padStart(2, "0")}-000Z_small-${k}.jsonl`;
      writeFileSync(join(project, name), `${[JSON.stringify({ ...header, id: `small-${k}` }), ...chunk].join("\n")}\n`);
      k++;
      chunk = [];
      size = 0;
    }
  }
  writeFileSync(join(project, "done"), "");
}

/**
 * The first build of the folder of `agentDir` with workers against one in one thread: each build in
 * a process of its own, as `recall --all` runs (the JIT cold in every thread), alternating, 3 each.
 */
function folderBuildRow(ctx, agentDir, describe) {
  const builds = [];
  for (let r = 0; r < 3; r++) for (const how of ["workers", "one-thread"]) builds.push(child(ctx, ["folder-build", agentDir, `${agentDir}-cache`, how]));
  const failed = builds.find((x) => x.error);
  if (failed) return { figure: `recall --all first build of ${agentDir}`, value: failed.error, baseline: "", ratio: "", target: "", met: false, command: COMMAND };
  const r = builds[0];
  const mid = (how) => ctx.median(builds.filter((x) => x.how === how).map((x) => x.buildMs));
  const workersMs = mid("workers");
  const oneThreadMs = mid("one-thread");
  return {
    figure: `recall --all first index build of ${describe(r)} (${r.workers} worker threads, ${r.cores} cores; median of 3 processes each, alternating; ratio vs one thread)`,
    value: fmt(workersMs),
    baseline: `${fmt(oneThreadMs)} in one thread (no workers, same run); ${fmt(r.readWarmMs)} reading every file from the page cache (${ratioOf(workersMs, r.readWarmMs)} of it)`,
    ratio: ratioOf(workersMs, oneThreadMs),
    target: "informational (≤ 1.00×: the workers no slower than one thread)",
    met: undefined,
    command: COMMAND,
  };
}

// ------------------------------------------------------------------ worker side
async function worker(mode, args) {
  const engineUrl = args[args.length - 1];
  const engine = await import(engineUrl);
  const now = () => performance.now();
  if (mode === "build") {
    const [file] = args;
    const t0 = now();
    const loaded = engine.parseSession(readFileSync(file), "1.6");
    const tree = engine.buildTree(loaded);
    const t1 = now();
    const index = engine.buildRecallIndexForTree(tree);
    const t2 = now();
    const terms = index.terms();
    const t3 = now();
    const r = engine.search(index, "parser timeout");
    const t4 = now();
    if (!r.ok) throw new Error(r.message);
    return { loadMs: t1 - t0, indexMs: t2 - t1, termsMs: t3 - t2, firstQueryMs: t4 - t3, docs: index.docs.length, terms: terms.postings.size };
  }
  if (mode === "query") {
    const [file] = args;
    const index = engine.buildRecallIndexForTree(engine.buildTree(engine.parseSession(readFileSync(file), "1.6")));
    for (const q of QUERIES) engine.search(index, q);
    const times = [];
    const perQuery = new Map();
    for (let rep = 0; rep < 20; rep++) {
      for (const q of QUERIES) {
        const t = now();
        const r = engine.search(index, q, { now });
        const dt = now() - t;
        if (!r.ok) throw new Error(`${q}: ${r.message}`);
        times.push(dt);
        perQuery.set(q, Math.max(perQuery.get(q) ?? 0, dt));
      }
    }
    times.sort((a, b) => a - b);
    const [slowQ, slowT] = [...perQuery].sort((a, b) => b[1] - a[1])[0];
    const t = now();
    engine.search(index, "/exit(ed)? with code [1-9]/", { scope: "all", now, budgetMs: 60_000 });
    const regexMs = now() - t;
    return { samples: 20, p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)], slowest: `${slowQ} ${slowT.toFixed(1)} ms (max)`, regexMs };
  }
  if (mode === "screenshots") {
    const [source, file] = args;
    const { prepareWholeFile } = await import(new URL("./store/recall-cache-prepare.js", engineUrl).href);
    const image = Buffer.alloc(1_500_000).map((_, i) => (i * 7919) & 255).toString("base64");
    const lines = readFileSync(source, "utf8").split("\n").filter(Boolean);
    const out = [];
    let screenshots = 0;
    for (let i = 0; i < lines.length; i++) {
      out.push(lines[i]);
      if (i === 0 || i % 200 !== 0) continue;
      const { id, timestamp } = JSON.parse(lines[i]);
      out.push(JSON.stringify({ type: "message", id: `shot${i}`, parentId: id, timestamp, message: { role: "user", content: [{ type: "text", text: "a screenshot of the page" }, { type: "image", mimeType: "image/png", data: image }], timestamp: 1 } }));
      screenshots++;
    }
    writeFileSync(file, `${out.join("\n")}\n`);
    const st = statSync(file);
    const best = { cut: Infinity, whole: Infinity };
    const rounds = 5;
    for (let r = 0; r < rounds; r++) {
      for (const how of ["cut", "whole"]) {
        const t = now();
        prepareWholeFile(file, st, "1.6", { cutLines: how === "cut" });
        best[how] = Math.min(best[how], now() - t);
      }
    }
    rmSync(file, { force: true });
    return { bytes: st.size, screenshots, imageBytes: image.length, rounds, cutMs: best.cut, wholeMs: best.whole };
  }
  if (mode === "corpus") {
    const [corpus, cacheHome] = args;
    const store = await import(new URL("./store/recall-cache.js", engineUrl).href);
    const files = listJsonl(corpus);
    const dbPath = store.recallCacheFile({ XDG_CACHE_HOME: cacheHome }, "/nonexistent");
    removeDb(dbPath);
    const cache = store.RecallCache.open(dbPath);
    cache.update(files, "1.6");
    cache.close();
    const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
    return { files: files.length, bytes, cacheBytes: statSync(dbPath).size, tables: await tableSizes(engineUrl, dbPath, bytes) };
  }
  if (mode === "folder-build") {
    const [agentDir, cacheHome, how] = args;
    const store = await import(new URL("./store/recall-cache.js", engineUrl).href);
    const { availableParallelism } = await import("node:os");
    const { defaultPoolWorkers } = await import(new URL("./store/recall-cache-prepare-pool.js", engineUrl).href);
    const files = engine
      .listAllSessionFiles({ agentDir, profile: "1.6", home: "/nonexistent", baseDir: "/" })
      .filter((path) => engine.startsWithSessionHeader(path, "1.6"))
      .sort();
    for (const f of files) readFileSync(f);
    let t = now();
    for (const f of files) readFileSync(f);
    const readWarmMs = now() - t;
    const path = join(cacheHome, how, "recall.sqlite");
    removeDb(path);
    t = now();
    const cache = store.RecallCache.open(path);
    const stats = cache.update(files, "1.6", how === "workers" ? {} : { workers: false });
    const buildMs = now() - t;
    cache.close();
    removeDb(path);
    if (files.length === 0 || stats.reindexed !== files.length) throw new Error(`folder build: ${JSON.stringify(stats)}`);
    const sizes = files.map((f) => statSync(f).size).sort((a, b) => b - a);
    return { how, buildMs, files: files.length, bytes: sizes.reduce((n, x) => n + x, 0), largest: sizes[0], secondLargest: sizes[1], smallest: sizes[sizes.length - 1], readWarmMs, workers: defaultPoolWorkers(availableParallelism()), cores: availableParallelism() };
  }
  if (mode === "cold-round") {
    // One round of the target row, in a process of its own as recall --all runs: the page cache
    // dropped, every file read once; dropped again, the first build.
    const [agentDir, cacheHome] = args;
    const store = await import(new URL("./store/recall-cache.js", engineUrl).href);
    const files = sessionFilesOf(engine, agentDir);
    const cold = dropPageCache();
    const readMs = timeReadingAll(files);
    const dbPath = join(cacheHome, "cold-round", "recall.sqlite");
    removeDb(dbPath);
    if (cold) dropPageCache();
    const { ms: buildMs, stats } = timeBuild(store, dbPath, files);
    removeDb(dbPath);
    if (stats.reindexed !== files.length) throw new Error(`cold round: ${JSON.stringify(stats)}`);
    return { cold, readMs, buildMs };
  }
  if (mode === "all") {
    const [agentDir, cacheHome] = args;
    const store = await import(new URL("./store/recall-cache.js", engineUrl).href);
    const { availableParallelism } = await import("node:os");
    const { defaultPoolWorkers } = await import(new URL("./store/recall-cache-prepare-pool.js", engineUrl).href);
    const sessionsToSearch = () => sessionFilesOf(engine, agentDir);
    const files = sessionsToSearch();
    // Cold: the page cache dropped first (a first build reads months of sessions that are not in
    // memory), for the read and for the build alike; then both again with every file in memory.
    const cold = dropPageCache();
    const readMs = timeReadingAll(files);
    const readWarmMs = timeReadingAll(files);
    const dbPath = store.recallCacheFile({ XDG_CACHE_HOME: cacheHome }, "/nonexistent");
    removeDb(dbPath);
    if (cold) dropPageCache();
    const { ms: firstBuildMs, stats } = timeBuild(store, dbPath, files);
    const warmPath = join(cacheHome, "warm-build", "recall.sqlite");
    removeDb(warmPath);
    const firstBuildWarmMs = timeBuild(store, warmPath, files).ms;
    removeDb(warmPath);
    // The cold build again with whole files read through the page cache, as builds read them before
    // December 2026's twelfth session (store/read-uncached.ts); and every file read once as the
    // build reads it, past the page cache, to set beside the plain read the target is measured against.
    const cachedPath = join(cacheHome, "cached-reads", "recall.sqlite");
    removeDb(cachedPath);
    if (cold) dropPageCache();
    const firstBuildCachedReadsMs = timeBuild(store, cachedPath, files, { directReads: false }).ms;
    removeDb(cachedPath);
    const { readWholeUncached, DIRECT_SLACK } = await import(new URL("./store/read-uncached.js", engineUrl).href);
    const into = Buffer.allocUnsafeSlow(Math.max(...files.map((f) => statSync(f).size)) + DIRECT_SLACK);
    if (cold) dropPageCache();
    let readDirect = true;
    let t = now();
    for (const f of files) readDirect = readWholeUncached(f, statSync(f).size, into).direct && readDirect;
    const readUncachedMs = now() - t;
    // Where no SQLite driver loads (or PI_EXPLORER_SQLITE=none): the sessions indexed in memory for one search.
    t = now();
    const inMemory = store.RecallCache.open(join(cacheHome, "no-sqlite", "recall.sqlite"), { sqlite: "none" });
    inMemory.update(files, "1.6");
    const memoryAnswer = inMemory.search("parser timeout", { now, budgetMs: 2000 });
    const memoryMs = now() - t;
    inMemory.close();
    if (!memoryAnswer.ok || memoryAnswer.value.total === 0) throw new Error("no SQLite: no answer");
    const docs = stats.docsAdded;
    const cacheBytes = statSync(dbPath).size;
    const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
    const tables = await tableSizes(engineUrl, dbPath, bytes);
    // The same build with every file prepared on the main thread, into a database of its own; what
    // preparing every file costs (read, parse, docs, postings: the workers' part) timed on its own.
    const { prepareWholeFile } = await import(new URL("./store/recall-cache-prepare.js", engineUrl).href);
    const { ReadBuffers } = await import(new URL("./store/read-buffers.js", engineUrl).href);
    // Into kept buffers, as a worker reads (store/read-buffers.ts).
    const buffers = new ReadBuffers();
    let oneThreadPrepareMs = 0;
    for (const f of files) {
      const st = statSync(f);
      const tp = now();
      prepareWholeFile(f, { size: st.size, mtimeMs: st.mtimeMs }, "1.6", { buffers });
      oneThreadPrepareMs += now() - tp;
    }
    const onePath = join(cacheHome, "one-thread", "recall.sqlite");
    removeDb(onePath);
    t = now();
    const one = store.RecallCache.open(onePath);
    one.update(files, "1.6", { workers: false });
    const oneThreadMs = now() - t;
    one.close();
    removeDb(onePath);
    // Searches on one open connection (the picker's case), each query several times.
    const warm = store.RecallCache.open(dbPath);
    warm.update(files, "1.6");
    const asked = QUERIES.filter((q) => !q.startsWith("scope:"));
    const searchAll = [];
    const slowest = new Map();
    // 20 measured rounds (the first warms up): with 4, the p95 was the 3rd slowest of 52 searches,
    // one pause of the host away from doubling.
    for (let rep = 0; rep < 21; rep++) {
      for (const q of asked) {
        const ts = now();
        const r = warm.search(q, { now, budgetMs: 2000 });
        const dt = now() - ts;
        if (!r.ok) throw new Error(`${q}: ${r.message}`);
        if (rep > 0) searchAll.push(dt);
        slowest.set(q, Math.max(slowest.get(q) ?? 0, dt));
      }
    }
    // The search the picker runs for each keystroke (components/picker/use-content-search.ts): each
    // session's best hit over every match, read back; on the same warm connection, the queries as typed there.
    // Beside it, alternating, the same 200 hits all read back (what the picker asked for before).
    const { contentQuery } = await import(new URL("../../components/picker/content-search.js", engineUrl).href);
    const pickerAll = [];
    const pickerWhole = [];
    for (let rep = 0; rep < 21; rep++) {
      for (const q of asked) {
        for (const best of rep % 2 ? [true, false] : [false, true]) {
          const ts = now();
          const r = warm.search(contentQuery(q), { pageSize: 200, bestPerSession: best, now, budgetMs: 200 });
          const dt = now() - ts;
          if (!r.ok) throw new Error(`${q}: ${r.message}`);
          if (rep > 0) (best ? pickerAll : pickerWhole).push(dt);
        }
      }
    }
    pickerAll.sort((a, b) => a - b);
    pickerWhole.sort((a, b) => a - b);
    warm.close();
    searchAll.sort((a, b) => a - b);
    const [slowQ, slowT] = [...slowest].sort((a, b) => b[1] - a[1])[0];
    const queryTimes = [];
    const updateTimes = [];
    const searchTimes = [];
    let cache;
    for (const q of QUERIES) {
      if (q.startsWith("scope:")) continue;
      t = now();
      cache = store.RecallCache.open(dbPath);
      const tu = now();
      cache.update(sessionsToSearch(), "1.6");
      const ts = now();
      const r = cache.search(q, { now, budgetMs: 2000 });
      const te = now();
      if (!r.ok) throw new Error(`${q}: ${r.message}`);
      cache.close();
      queryTimes.push(now() - t);
      updateTimes.push(ts - tu);
      searchTimes.push(te - ts);
    }
    const mid = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    queryTimes.sort((a, b) => a - b);
    // One file grows by a few appended lines (as pi does), then is put back as it was.
    const grown = files[0];
    const size = statSync(grown).size;
    const lines = readFileSync(grown, "utf8").trimEnd().split("\n");
    const leaf = JSON.parse(lines[lines.length - 1]).id;
    let parent = leaf;
    for (let i = 0; i < 5; i++) {
      const id = `bench${i}`;
      appendFileSync(grown, `${JSON.stringify({ type: "message", id, parentId: parent, timestamp: "2026-03-09T00:00:00.000Z", message: { role: "user", content: `appended platypus line ${i}`, timestamp: 1 } })}\n`);
      parent = id;
    }
    cache = store.RecallCache.open(dbPath);
    t = now();
    const grow = cache.update(files, "1.6");
    const growMs = now() - t;
    const found = cache.search("platypus");
    if (grow.appended !== 1 || !found.ok || found.value.total !== 5) throw new Error(`incremental update failed: ${JSON.stringify(grow)}`);
    truncateSync(grown, size);
    t = now();
    cache.update(files, "1.6");
    const fileReindexMs = now() - t;
    cache.close();
    return {
      files: files.length,
      docs,
      readMs,
      readWarmMs,
      cold,
      firstBuildMs,
      firstBuildWarmMs,
      firstBuildCachedReadsMs,
      readUncachedMs,
      readDirect,
      queryMs: queryTimes[Math.floor(queryTimes.length / 2)],
      queryMaxMs: queryTimes[queryTimes.length - 1],
      updateMs: mid(updateTimes),
      searchMs: mid(searchTimes),
      growMs,
      fileReindexMs,
      cacheBytes,
      tables,
      workers: defaultPoolWorkers(availableParallelism()),
      cores: availableParallelism(),
      oneThreadMs,
      oneThreadPrepareMs,
      memoryMs,
      searchSamples: searchAll.length,
      searchQueries: asked.length,
      searchP50: searchAll[Math.floor(searchAll.length * 0.5)],
      searchP95: searchAll[Math.floor(searchAll.length * 0.95)],
      searchSlowest: `${slowQ} ${slowT.toFixed(1)} ms (max)`,
      pickerP50: pickerAll[Math.floor(pickerAll.length * 0.5)],
      pickerP95: pickerAll[Math.floor(pickerAll.length * 0.95)],
      pickerSamples: pickerAll.length,
      pickerWholeP95: pickerWhole[Math.floor(pickerWhole.length * 0.95)],
    };
  }
  throw new Error(`unknown mode ${mode}`);
}

/** "table 0.13×, ..." for the tables and indexes over 0.5% of `bytes`, largest first (dbstat, where the driver has it). */
async function tableSizes(engineUrl, dbPath, bytes) {
  const { loadSqlite } = await import(new URL("./store/sqlite.js", engineUrl).href);
  const driver = loadSqlite();
  if (typeof driver === "string") return driver;
  const db = driver.open(dbPath, { readOnly: true });
  try {
    const rows = db.prepare("SELECT name, sum(pgsize) AS size FROM dbstat GROUP BY name ORDER BY size DESC").all();
    return rows
      .filter((r) => r.size / bytes >= 0.005)
      .map((r) => `${r.name} ${(r.size / bytes).toFixed(3)}×`)
      .join(", ");
  } catch (error) {
    return `no dbstat (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db.close();
  }
}

if (process.argv[1] === SELF) {
  const [mode, ...args] = process.argv.slice(2);
  worker(mode, args).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error) => {
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
