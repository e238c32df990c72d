/** A count as every command prints one: thousands grouped with commas ("3,794,530"). */
export const thousands = (value: number): string => value.toLocaleString('en-US');
