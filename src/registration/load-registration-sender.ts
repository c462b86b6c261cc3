// Fetches the sender (email client and send flow) on the visitor's first touch of the form, so
// it is not part of the page's first-load JavaScript but is usually ready when they press Register.
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
