import { serveWorkerTasks } from '../src/platform/worker-task.ts';

/** A worker for the WorkerTasks tests: answers the value it is given, or ends its thread on `exit`. */
serveWorkerTasks(async (input: { value?: number; exit?: number }) => {
  if (input.exit !== undefined) process.exit(input.exit);
  return input.value;
});
