import { useCallback, useSyncExternalStore, type RefObject } from "react";

/**
 * The value of an uncontrolled input, as React state. Text that is in the field
 * before the page is live (typed early on a slow connection, or filled in by a
 * password manager) counts from the first render in the browser: a controlled
 * input would show it while its state still said the field was empty.
 */
export function useInputValue(input: RefObject<HTMLInputElement | null>): string {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const element = input.current;
      element?.addEventListener("input", onChange);
      return () => element?.removeEventListener("input", onChange);
    },
    [input],
  );
  return useSyncExternalStore(
    subscribe,
    () => input.current?.value ?? "",
    () => "",
  );
}
