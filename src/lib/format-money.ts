// "$499", "$1663.33": no thousands separator, cents only when there are any.

/** Rounds to whole cents, so 1663.33 - 499 is 1164.33 and not 1164.3299999999999. */
export function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export function formatMoney(amount: number, currency: string): string {
  const cents = roundCents(amount);
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    useGrouping: false,
    minimumFractionDigits: Number.isInteger(cents) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents);
}

export function savingsPercent(price: number, listPrice: number): number {
  if (!(listPrice > 0)) throw new Error(`the list price must be above zero, not ${listPrice}`);
  return Math.round((1 - price / listPrice) * 100);
}
