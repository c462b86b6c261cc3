// The page's reCAPTCHA site key, as the build resolved it (scripts/site-build/build-config.ts);
// unset, the page has nothing of reCAPTCHA and the build leaves its code out.
export const recaptchaSiteKey: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
