const ones = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** 0 to 99 in words ("six", "twenty-four"); larger counts stay digits. */
export function numberWord(count: number): string {
  if (!Number.isInteger(count) || count < 0) throw new Error(`cannot count ${count} in words`);
  if (count < ones.length) return ones[count] as string;
  if (count >= 100) return String(count);
  const unit = count % 10;
  const ten = tens[Math.floor(count / 10)] as string;
  return unit === 0 ? ten : `${ten}-${ones[unit] as string}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
