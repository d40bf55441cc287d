import type { DbOrTx } from '../db/client.ts';

/**
 * A module's hook: a point where a module lets the modules above it react, inside its own transaction, without
 * depending on them (dependency inversion; the lint rule in eslint.config.js forbids the import the other way).
 *
 *   addresses:  export const addressChanged = transactionHook<AddressChange>();   // declares and runs it
 *   orders:     addressChanged.on(followAddressInCart);                            // reacts (imports addresses)
 *
 * A listener is registered once per process when the module reacting is loaded (the app loads every module's
 * routes, so a running server has them all). Listeners run in registration order, on the caller's transaction, so
 * a listener's failure rolls the whole change back.
 */
export interface TransactionHook<T> {
  on(listener: (tx: DbOrTx, event: T) => Promise<unknown>): void;
  run(tx: DbOrTx, event: T): Promise<void>;
}

export function transactionHook<T>(): TransactionHook<T> {
  const listeners = new Set<(tx: DbOrTx, event: T) => Promise<unknown>>();
  return {
    on: (listener) => void listeners.add(listener),
    async run(tx, event) {
      for (const listener of listeners) await listener(tx, event);
    },
  };
}

/**
 * A module's question to the modules above it (dependency inversion, as transactionHook): one module above answers
 * it (`answer`), the module asks (`ask`) and gets null while nobody answers.
 *
 *   cart:      export const heldForPayment = questionHook<{ userId; now }, Held>();   // asks
 *   payments:  heldForPayment.answer(heldItems);                                        // answers
 */
export interface QuestionHook<T, R> {
  answer(fn: (tx: DbOrTx, event: T) => Promise<R | null>): void;
  ask(tx: DbOrTx, event: T): Promise<R | null>;
}

export function questionHook<T, R>(): QuestionHook<T, R> {
  let answerer: ((tx: DbOrTx, event: T) => Promise<R | null>) | null = null;
  return {
    answer: (fn) => void (answerer = fn),
    ask: (tx, event) => (answerer ? answerer(tx, event) : Promise.resolve(null)),
  };
}
