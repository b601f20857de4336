// Worker thread of recall-cache-prepare-pool.ts: prepares whole session files for the index
// (read, parse, docs, postings; no database) and posts each result on the pool's port, then
// wakes the main thread, which waits for it synchronously.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { prepareWholeFile, transferables } from "./recall-cache-prepare.js";
import { CLAIMS, type PrepareJob, type PrepareReply } from "./recall-cache-prepare-pool.js";

interface Setup {
  port: MessagePort;
  signal: Int32Array;
}

if (parentPort) {
  const { port, signal } = workerData as Setup;
  parentPort.on("message", (job: PrepareJob) => {
    // A sign of work for the waiting thread (jobs started), then the reply and its count. A file
    // the main thread claimed first (it prepares files itself rather than wait) is skipped.
    Atomics.add(signal, 1, 1);
    let reply: PrepareReply;
    if (Atomics.compareExchange(signal, CLAIMS + job.seq, 0, 1) !== 0) reply = { seq: job.seq, skipped: true };
    else {
      try {
        reply = { seq: job.seq, file: prepareWholeFile(job.path, job, job.profile) };
      } catch (error) {
        reply = { seq: job.seq, error: error instanceof Error ? error.message : String(error) };
      }
    }
    // The packed postings are handed over, not copied.
    port.postMessage(reply, "file" in reply ? transferables(reply.file) : []);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
}
