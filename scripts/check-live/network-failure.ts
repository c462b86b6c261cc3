// Why a request got no answer, in words: the same few causes whether Node's fetch (the checklist)
// or the check's browser (the test registration) made it. Each cause has its own fix, because
// each is fixed in another place: DNS at the domain's registrar, TLS in the host's domain
// settings, a refused or cut connection where the address or a firewall is wrong.

export type NetworkCause = "dns" | "refused" | "cut" | "tls" | "timeout" | "cors" | "other";

export const CAUSE_WORDS: Record<NetworkCause, string> = {
  dns: "its name does not resolve (DNS)",
  refused: "the connection was refused: nothing listens at that address and port",
  cut: "the connection was cut before an answer (a firewall, a proxy, or no network)",
  tls: "its HTTPS certificate is not valid for it (TLS)",
  timeout: "no answer in time (timeout)",
  cors: "it answered, but without this site's origin in its CORS headers, so the browser hid the answer",
  other: "the request failed",
};

const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(VERIFY|GET)_)/;

/** The cause of a failed Node `fetch`: undici's TypeError names the system's error as its cause. */
export function causeOfFetchError(error: unknown): { cause: NetworkCause; code: string } {
  let code = "";
  for (let at = error as { name?: string; code?: string; cause?: unknown } | undefined; at;) {
    if (at.name === "TimeoutError") return { cause: "timeout", code: at.name };
    code ||= at.code ?? "";
    at = at.cause as typeof at;
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { cause: "dns", code };
  if (code === "ECONNREFUSED") return { cause: "refused", code };
  if (/TIMEOUT|ETIMEDOUT/.test(code)) return { cause: "timeout", code };
  if (TLS_CODE.test(code)) return { cause: "tls", code };
  if (/^(ECONNRESET|EPIPE|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET)$/.test(code))
    return { cause: "cut", code };
  return { cause: "other", code: code || ((error as Error)?.message ?? String(error)) };
}

/**
 * The cause of a request the browser reports failed (Chromium's net error). Chromium reports a
 * response it hides for want of CORS headers as the bare net::ERR_FAILED.
 */
export function causeOfNetError(errorText: string): NetworkCause {
  if (/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/.test(errorText)) return "dns";
  if (/ERR_CONNECTION_REFUSED/.test(errorText)) return "refused";
  if (/ERR_(CONNECTION_)?TIMED_OUT/.test(errorText)) return "timeout";
  if (/ERR_CERT_|ERR_SSL_|ERR_BAD_SSL/.test(errorText)) return "tls";
  if (
    /ERR_CONNECTION_(RESET|CLOSED|FAILED)|ERR_EMPTY_RESPONSE|UNREACHABLE|DISCONNECTED|ERR_PROXY/.test(
      errorText,
    )
  )
    return "cut";
  if (/^net::ERR_FAILED$/.test(errorText.trim())) return "cors";
  return "other";
}

/** What to do when the site itself gives no answer, by cause. */
export const SITE_FIX: Record<NetworkCause, string> = {
  dns: "check the address you typed; a new domain can take up to a day to resolve, and its DNS records are set at the registrar",
  refused:
    "check the address and port; deploy the site, or start it (npm start, npm run serve) for a local check",
  cut: "check this computer's network (a firewall, a proxy, a VPN), then run the check again",
  tls: "in the host's domain settings, wait for the certificate to be issued, or renew it; the address must be the one the certificate names",
  timeout: "check the address and that the site is up, then run the check again",
  cors: "check the address and that the site is up, then run the check again",
  other: "check the address and that the site is up, then run the check again",
};
