/**
 * A lookup by a list of keys that asks the database nothing when the list is empty (an IN of
 * nothing matches nothing: the round trip would only cost time).
 */
export const lookupByKeys = async <T>(keys: readonly unknown[], query: () => Promise<T[]>): Promise<T[]> =>
  keys.length === 0 ? [] : query();
