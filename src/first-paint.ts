// Inlined into <head> (allowed by its hash in the CSP), so every control works the moment it is
// painted, long before React arrives.
import { answerBeforeHydration, enableFormControls } from "./lib/before-hydration.ts";
import { watchForIntent } from "./lib/intent.ts";
import { enhanceInPageLinks } from "./lib/smooth-scroll.ts";
import { startLoaderWhenNeeded } from "./lib/start-loader.ts";
import { captureVisitSource } from "./lib/visit-source.ts";
import { keepPressed } from "./registration/lead-store.ts";

// CSS shows what needs JavaScript (the menu toggle) only when this ran: `no-js:` in styles.css.
document.documentElement.setAttribute("data-js", "");
// Kept now, so a visitor who reloads or leaves before touching anything keeps their campaign.
captureVisitSource();
enableFormControls();
enhanceInPageLinks(document);
answerBeforeHydration(document, keepPressed);
watchForIntent(document);
startLoaderWhenNeeded(document);
