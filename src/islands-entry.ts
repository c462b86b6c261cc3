// Nothing else imports this file, so a retry under a new URL (`?try=2`) loads no second copy of
// the code.
import "./entry-client.tsx";
