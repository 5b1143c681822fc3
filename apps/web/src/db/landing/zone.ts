/**
 * Dexie's transaction zone for the landing middleware. Its steps are generators run on Dexie's
 * own promises (`co`), not async functions: Dexie keeps its transaction zone across its own
 * promise callbacks, while each native await spends one of the few zone "echoes" it grants its
 * caller, and the caller's next operation then ran outside its transaction
 * (PrematureCommitError). A step waits with `yield* wait(promise)`.
 */
import Dexie, { type DBCoreTransaction } from 'dexie';

export type Step<T> = Generator<PromiseLike<unknown>, T, never>;

export function* wait<T>(promise: PromiseLike<T>): Generator<PromiseLike<T>, T, T> {
  return yield promise;
}

/** Runs a step to its end on Dexie's promises. */
export function co<T>(step: Step<T>): Promise<T> {
  return new Dexie.Promise<T>((resolve, reject) => {
    const next = (value?: unknown, failed = false) => {
      let r: IteratorResult<PromiseLike<unknown>, T>;
      try {
        // The value is what the promise yielded by `wait` resolved to: its own type.
        r = failed ? step.throw(value) : step.next(value as never);
      } catch (error) {
        reject(error);
        return;
      }
      if (r.done) resolve(r.value);
      else
        Dexie.Promise.resolve(r.value).then(
          (v) => next(v),
          (e: unknown) => next(e, true),
        );
    };
    next();
  });
}

/** The running Dexie transaction, as the DBCore layer names it. */
export function currentTrans(): DBCoreTransaction {
  const trans: DBCoreTransaction | undefined = Dexie.currentTransaction?.idbtrans;
  if (!trans) throw new Error('landing: call it inside a transaction');
  return trans;
}
