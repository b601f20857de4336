// Worker thread of recall-cache-prepare-pool.ts: prepares whole session files for the index
// (read, parse, docs, postings; no database) and posts each result on the pool's port, then
// wakes the main thread, which waits for it synchronously. Each file is read as soon as its job
// arrives, by libuv's threads, while this thread prepares the one before: a first build reads
// files that are mostly not in memory, and a read in line with preparing waited for the disk.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { prepareFileBytes, transferables } from "./recall-cache-prepare.js";
import { CLAIMS, type PrepareJob, type PrepareReply } from "./recall-cache-prepare-pool.js";
import { ReadBuffers, readFileStart, type ReadStart } from "./read-buffers.js";

interface Setup {
  port: MessagePort;
  signal: Int32Array;
}

if (parentPort) {
  const { port, signal } = workerData as Setup;
  const buffers = new ReadBuffers();
  const queue: { job: PrepareJob; bytes: Promise<ReadStart> }[] = [];
  let pumping = false;
  const prepare = async (): Promise<void> => {
    pumping = true;
    while (queue.length) {
      const { job, bytes } = queue[0];
      let read: ReadStart | { error: unknown };
      try {
        read = await bytes;
      } catch (error) {
        read = { error };
      }
      queue.shift();
      // A sign of work for the waiting thread (jobs started), then the reply and its count. A file
      // the main thread claimed first (it prepares files itself rather than wait) is skipped.
      Atomics.add(signal, 1, 1);
      let reply: PrepareReply;
      if (Atomics.compareExchange(signal, CLAIMS + job.seq, 0, 1) !== 0) reply = { seq: job.seq, skipped: true };
      else {
        // A failed read and a failed prepare are said back alike.
        try {
          if ("error" in read) throw read.error;
          reply = { seq: job.seq, file: prepareFileBytes(read.bytes, job, job.profile) };
        } catch (error) {
          reply = { seq: job.seq, error: error instanceof Error ? error.message : String(error) };
        }
      }
      // The packed postings are handed over, not copied.
      port.postMessage(reply, "file" in reply ? transferables(reply.file) : []);
      // The reply is copied (or its postings handed over) by now: the next files may be read into the same buffer.
      if (!("error" in read)) buffers.give(read.buffer);
      Atomics.add(signal, 0, 1);
      Atomics.notify(signal, 0);
      // Jobs posted meanwhile are taken in (and their reads started) before the next file.
      await new Promise((resolve) => setImmediate(resolve));
    }
    pumping = false;
  };
  parentPort.on("message", (job: PrepareJob) => {
    const bytes = readFileStart(job.path, job.size, buffers);
    // Rejections are taken when the job's turn comes.
    bytes.catch(() => {});
    queue.push({ job, bytes });
    if (!pumping) void prepare();
  });
}
