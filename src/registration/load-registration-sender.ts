// The sender (email client and send flow) is not part of the islands' code: the first-paint
// script starts fetching it at the visitor's first touch of the form (lib/warm-sender.ts), and
// this runs it when they press Register Now.
type Sender = typeof import("./registration-sender.ts");

let sender: Promise<Sender> | undefined;

export function loadRegistrationSender(): Promise<Sender> {
  if (!sender) {
    const loading = import("./registration-sender.ts");
    // A failed download (e.g. offline) must not stick: the next attempt fetches again.
    loading.catch(() => {
      if (sender === loading) sender = undefined;
    });
    sender = loading;
  }
  return sender;
}
