import { describe, expect, it } from "vitest";
import { formatMoney, roundCents, savingsPercent } from "./format-money.ts";

describe("formatMoney", () => {
  it("writes whole amounts without cents and others with two", () => {
    expect(formatMoney(499, "USD")).toBe("$499");
    expect(formatMoney(1663.33, "USD")).toBe("$1663.33");
    expect(formatMoney(12.5, "USD")).toBe("$12.50");
  });

  it("never groups thousands and rounds float noise to the cent", () => {
    expect(formatMoney(1663.33 - 499, "USD")).toBe("$1164.33");
    expect(formatMoney(110000, "USD")).toBe("$110000");
  });

  it("uses the currency's own symbol", () => {
    expect(formatMoney(549, "EUR")).toBe("€549");
    expect(formatMoney(549, "GBP")).toBe("£549");
  });
});

describe("savingsPercent", () => {
  it("gives the discount in whole percent", () => {
    expect(savingsPercent(499, 1663.33)).toBe(70);
    expect(savingsPercent(549, 1663.33)).toBe(67);
    expect(savingsPercent(100, 100)).toBe(0);
  });

  it("refuses a list price of zero", () => {
    expect(() => savingsPercent(0, 0)).toThrow(/list price/);
  });
});

describe("roundCents", () => {
  it("rounds to two decimals", () => {
    expect(roundCents(1663.33 - 499)).toBe(1164.33);
  });
});
