// A cheap phone on a slow network, as DevTools names them: the CPU slowed 4× and "Slow 4G"
// (562.5 ms round trip, 1.47 Mbit/s down, 0.675 Mbit/s up). Shared by the benchmark's journeys
// and the browser tests that act on a page before its code ran (e2e/first-paint.spec.ts).
import type { CDPSession, Page } from "@playwright/test";

export const CPU_SLOWDOWN = 4;
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.47 * 1024 * 1024) / 8,
  uploadThroughput: (0.675 * 1024 * 1024) / 8,
} as const;

export const phoneViewport = { width: 375, height: 812 } as const;

/**
 * Throttles `page` (Chromium only, through the DevTools protocol). The network's conditions need no
 * network domain of this session's: one more would record every request again.
 */
export async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  return cdp;
}
