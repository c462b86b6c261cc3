// Not part of the islands' code: fetched from the first touch of the form (lib/warm-sender.ts) and
// run once the form runs, so Register Now sends in the same task as the press. A press before the
// form ran has the loader run it at once (registration-sender.ts sends that press as it loads).
type Sender = typeof import("./registration-sender.ts");

let sender: Promise<Sender> | undefined;
let loaded: Sender | undefined;

export function loadRegistrationSender(): Promise<Sender> {
  if (!sender) {
    const loading = import("./registration-sender.ts");
    loading.then(
      (module) => void (loaded = module),
      // A failed download (e.g. offline) must not stick: the next attempt fetches again.
      () => {
        if (sender === loading) sender = undefined;
      },
    );
    sender = loading;
  }
  return sender;
}

export const loadedRegistrationSender = (): Sender | undefined => loaded;
