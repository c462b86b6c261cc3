import "./styles.css";

// The only script in the HTML. The prerendered page paints without JavaScript; the islands'
// code is fetched after the page has loaded, so it never competes with the first paint.
const start = () => void import("./entry-client.tsx");

if (document.readyState === "complete") start();
else window.addEventListener("load", start, { once: true });
