// Unset, the build leaves all of reCAPTCHA's code out of the page.
export const recaptchaSiteKey: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
