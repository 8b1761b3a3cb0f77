// Work a request starts but does not wait for, e.g. the lookup, link and mail of a password reset
// request: the caller is answered first, so how long the work takes tells them nothing
// (issue 17). Tasks are not durable: a crash loses a task whose caller was already answered,
// and the caller asks again. The app drains them before the database closes.

export interface BackgroundTasks {
  /** Starts `task` after the current turn of the event loop; a failure is logged, not thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has finished (shutdown, tests). */
  drain(): Promise<void>;
}

export interface TaskLog {
  error(object: { err: unknown }, message: string): void;
}

export function makeBackgroundTasks({ log }: { log: TaskLog }): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `background task failed: ${name}`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
