/**
 * Records keyed by what editors and servers write (server ids, places, channel
 * ids): no key is special. A plain object's `__proto__`, `constructor` or
 * `toString` is its prototype's, so `record[id]` for such an id reads a
 * function and `record[id] = value` can replace the prototype. These records
 * have none (Object.create(null)), and a record read from a file is looked
 * into by its own keys only. JSON.stringify writes them as any object.
 */

/** A record with no prototype: any key is an ordinary key. */
export const newRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A record's own copy, without a prototype (a record read from JSON has Object's, and `record[id] = …` may reach it). */
export const ownRecord = <T>(record: Readonly<Record<string, T>> | undefined | null): Record<string, T> =>
  Object.assign(newRecord<T>(), record ?? {});

/** The value of a key the record holds itself; undefined when it holds none (never one of its prototype's). */
export const ownValue = <T>(record: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined =>
  record !== undefined && record !== null && Object.hasOwn(record, key) ? record[key] : undefined;
