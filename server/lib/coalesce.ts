/**
 * Many calls of one query, one round trip: a batch starts at the end of the event loop's turn (once
 * every socket with something to say was read) with every call waiting then (at most `maxBatch`), and
 * while `concurrency` batches (default 1) are in flight the calls that come wait for the next. A quiet
 * server sends each call alone; a busy one sends dozens together, so the database and the sockets
 * between them do per round trip, not per call, what costs most on both sides. (The embedded database
 * answers within the turn it is asked in, so without the wait for the turn's end it would batch
 * nothing.) Nothing is cached: each call's answer comes from a query sent after the call was made.
 *
 * `work` answers, for the inputs it is given, an answer each, in their order. A batch that fails fails
 * each of its calls with the same error.
 */
export function coalesce<In, Out>(
  work: (inputs: In[]) => Promise<Out[]>,
  options: { concurrency?: number; maxBatch?: number } = {},
): (input: In) => Promise<Out> {
  const concurrency = options.concurrency ?? 1;
  const maxBatch = options.maxBatch ?? 256;
  const waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;
  const pump = () => {
    while (running < concurrency && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      running++;
      work(batch.map((call) => call.input))
        .then(
          (outs) => batch.forEach((call, i) => call.resolve(outs[i]!)),
          (error: unknown) => batch.forEach((call) => call.reject(error)),
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  };
  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        pump();
      });
    });
}
