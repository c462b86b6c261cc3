// The page's own custom elements, as JSX knows them.

declare namespace React.JSX {
  interface IntrinsicElements {
    /** Enables the fieldset it is the first child of, once the first-paint script defined it
        (lib/before-hydration.ts). */
    "enables-its-fieldset": React.HTMLAttributes<HTMLElement>;
  }
}
