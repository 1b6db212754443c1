import { useState, useSyncExternalStore } from "react";

type InputStore = {
  /** give it to the input as its ref */
  ref: (element: HTMLInputElement | null) => void;
  subscribe: (listener: () => void) => () => void;
  read: () => string;
};

function createInputStore(): InputStore {
  let element: HTMLInputElement | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    ref: (next) => {
      element?.removeEventListener("input", notify);
      element = next;
      element?.addEventListener("input", notify);
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read: () => element?.value ?? "",
  };
}

const nothingTypedYet = () => "";

/**
 * The value of an uncontrolled input, as React state, and the ref to give the
 * input. Text that is in the field before the page is live (typed early on a
 * slow connection, or filled in by a password manager) counts from the first
 * render in the browser: a controlled input would show it while its state
 * still said the field was empty.
 */
export function useInputValue(): [string, InputStore["ref"]] {
  const [store] = useState(createInputStore);
  const value = useSyncExternalStore(store.subscribe, store.read, nothingTypedYet);
  return [value, store.ref];
}
