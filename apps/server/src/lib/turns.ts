/**
 * At most `size` tasks at a time; the others wait their turn in arrival order. `waiting` says how
 * many wait (the metrics' push queue depth counts them with those running).
 */
export function turns(size: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return {
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => queue.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        // The turn passes to the next one waiting, or is given back.
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
