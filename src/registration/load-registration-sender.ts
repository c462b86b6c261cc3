// The sender (email client and send flow) is not part of the islands' code: the loader starts
// fetching it at the visitor's first touch of the form (lib/warm-sender.ts), the form runs it
// once its own code runs, and Register Now then sends in the same task as the press.
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

/** The sender, if it has run already. */
export const loadedRegistrationSender = (): Sender | undefined => loaded;
