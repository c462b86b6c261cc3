/**
 * The weights the page sets (font-normal … font-extrabold). The self-hosted Inter keeps only
 * this stretch of its weight axis (scripts/fonts/inter-font.ts), and src/loader.ts declares it.
 */
export const interWeights = { min: 400, max: 800 } as const;
