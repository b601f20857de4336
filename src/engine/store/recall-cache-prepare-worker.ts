// Worker thread of recall-cache-prepare-pool.ts: prepares whole session files for the index
// (read, parse, docs, postings; no database), taking the next file of the build whenever it is
// free (recall-cache-prepare-claims.ts), and posts each result on the pool's port, then wakes the
// main thread, which waits for it synchronously. The file after the one being prepared is claimed
// and read (by libuv's threads) before it is prepared, unless it is large: a first build reads
// files that are mostly not in memory, and a read in line with preparing waited for the disk.
import { parentPort, workerData } from "node:worker_threads";
import { ClaimBoard } from "./recall-cache-prepare-claims.js";
import type { PrepareReply, PrepareSetup } from "./recall-cache-prepare-pool.js";
import { prepareFileBytes, transferables } from "./recall-cache-prepare.js";
import { ReadBuffers, readFileStart, type ReadStart } from "./read-buffers.js";

/** A file up to this size is read while the one before it is prepared. */
const PREFETCH_MAX_BYTES = 32_000_000;

interface Claimed {
  seq: number;
  bytes: Promise<ReadStart>;
}

async function run(setup: PrepareSetup): Promise<void> {
  const { port, files, profile } = setup;
  const board = ClaimBoard.attach(setup.signal, files.map((f) => f.size), setup.windowBytes, setup.sequence);
  const buffers = new ReadBuffers({ directReads: setup.directReads });
  const start = (seq: number): Claimed | null => {
    if (seq < 0) return null;
    const bytes = readFileStart(files[seq].path, files[seq].size, buffers);
    // Rejections are taken when the file's turn comes.
    bytes.catch(() => {});
    return { seq, bytes };
  };
  let current = start(board.takeNext(true));
  while (current) {
    const { seq } = current;
    let read: ReadStart | { error: unknown };
    try {
      read = await current.bytes;
    } catch (error) {
      read = { error };
    }
    // Read while this one is prepared, when the window lets it start (a large file is read when
    // its turn comes: two in memory at once would double what a worker holds).
    const next = start(board.takeNext(false, PREFETCH_MAX_BYTES));
    board.started();
    // A failed read and a failed prepare are said back alike.
    let reply: PrepareReply;
    try {
      if ("error" in read) throw read.error;
      reply = { seq, file: prepareFileBytes(read.bytes, files[seq], profile) };
    } catch (error) {
      reply = { seq, error: error instanceof Error ? error.message : String(error) };
    }
    // The packed postings are handed over, not copied.
    port.postMessage(reply, "file" in reply ? transferables(reply.file) : []);
    // The reply is copied (or its postings handed over) by now: the next files may be read into the same buffer.
    if (!("error" in read)) buffers.give(read.buffer);
    board.posted(seq);
    current = next ?? start(board.takeNext(true));
  }
}

if (parentPort) void run(workerData as PrepareSetup);
