/**
 * Significant digits a cost sum is shown with. Costs are summed in binary floating point (in SQL
 * and here), where 0.1 + 0.2 is 0.30000000000000004: noise in the last digits a double holds,
 * growing with the number of terms. Langfuse sums Decimals and shows 0.3. Twelve digits drop the
 * noise of sums of thousands of terms and keep every digit a real cost has (a price per token
 * times a count, or a cost a client sent with up to twelve significant digits).
 */
export const COST_SIGNIFICANT_DIGITS = 12;

/**
 * Decimal places a cost sum always keeps: a cent. From 1e10 USD up, twelve significant digits
 * would round away cents, which a double still holds exactly (its noise there is far below one).
 */
export const COST_MIN_DECIMALS = 2;

/**
 * A sum of costs (USD) as every answer shows it: rounded to COST_SIGNIFICANT_DIGITS, or to
 * COST_MIN_DECIMALS where that keeps more digits. Non-finite values and 0 pass through.
 */
export function roundCostSum(usd: number): number {
  if (!Number.isFinite(usd) || usd === 0) return usd;
  const integerDigits = Math.floor(Math.log10(Math.abs(usd))) + 1;
  const digits = Math.max(COST_SIGNIFICANT_DIGITS, integerDigits + COST_MIN_DECIMALS);
  return Number(usd.toPrecision(Math.min(digits, 100)));
}
