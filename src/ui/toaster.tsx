// Placeholder until the registration issue lands: the Radix toast viewport.
export function Toaster() {
  return null;
}
