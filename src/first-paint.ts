// The first-paint script: inlined into <head> by the build (a classic script, allowed by its hash
// in the CSP), so it runs before the body is parsed and every control works the moment it is
// painted, long before React arrives. It is the page's only JavaScript until the visitor shows
// intent (lib/before-hydration.ts says what it answers and how the islands take over).
import { answerBeforeHydration, enableFormControls } from "./lib/before-hydration.ts";
import { watchForIntent } from "./lib/intent.ts";
import { enhanceInPageLinks } from "./lib/smooth-scroll.ts";
import { startLoaderWhenNeeded } from "./lib/start-loader.ts";
import { captureVisitSource } from "./lib/visit-source.ts";

// CSS shows what needs JavaScript (the menu toggle) only when this ran: `no-js:` in styles.css.
document.documentElement.setAttribute("data-js", "");
// The landing's source is a fact of the landing: kept now, not when React arrives, so a visitor
// who reloads or leaves before touching anything still brings their campaign to a later visit.
captureVisitSource();
enableFormControls(document);
enhanceInPageLinks(document);
answerBeforeHydration(document);
watchForIntent(document);
startLoaderWhenNeeded(document);
