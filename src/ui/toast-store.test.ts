import { describe, expect, it, vi } from "vitest";
import { createToastStore, TOAST_LIMIT } from "./toast-store.ts";

describe("the toast store", () => {
  it("shows one toast at a time, the newest", () => {
    expect(TOAST_LIMIT).toBe(1);
    const store = createToastStore();
    store.add({ title: "Consent Required" });
    store.add({ title: "Registration Error", variant: "destructive" });
    expect(store.getSnapshot()).toEqual([
      { id: expect.any(String), title: "Registration Error", variant: "destructive" },
    ]);
  });

  it("forgets a toast as soon as it closes", () => {
    const store = createToastStore();
    const id = store.add({ title: "Consent Required" });
    store.remove(id);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("gives every toast its own id, so a repeated message is a new toast", () => {
    const store = createToastStore(2);
    const first = store.add({ title: "Consent Required" });
    const second = store.add({ title: "Consent Required" });
    expect(first).not.toBe(second);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([second, first]);
  });

  it("tells subscribers about changes until they unsubscribe", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.add({ title: "Hello" });
    store.remove(id);
    store.remove(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.add({ title: "Again" });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps the same snapshot while nothing changes, as useSyncExternalStore requires", () => {
    const store = createToastStore();
    store.add({ title: "Hello" });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });
});
