// The first-paint script: inlined into <head> by the build (a classic script, allowed by its hash
// in the CSP), so it runs before the body is parsed and every control works the moment it is
// painted, long before React arrives. It is the page's only JavaScript until the visitor shows
// intent (lib/first-paint.ts says what it answers and how the islands take over).
import { answerBeforeHydration, enableFormControls } from "./lib/first-paint.ts";
import { watchForIntent } from "./lib/intent.ts";
import { enhanceInPageLinks } from "./lib/smooth-scroll.ts";

// CSS shows what needs JavaScript (the menu toggle) only when this ran: `no-js:` in styles.css.
document.documentElement.setAttribute("data-js", "");
enableFormControls(document);
enhanceInPageLinks(document);
answerBeforeHydration(document);
watchForIntent(document);
