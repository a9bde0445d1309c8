/** One XBRL tag of the adapter's label vocabulary. */
export interface FinerLabel {
  /** US GAAP element name, as the gold files spell it. */
  readonly name: string;
  /** What a tagged number denotes, in the adapter's own words. */
  readonly description: string;
}

/**
 * The fixed 12-label vocabulary of the paper's FiNER-139 adapter: exactly the tags that occur in
 * the Meta-Harness train/val/test files, with short explanations of the US GAAP concepts.
 */
export const finerLabels: readonly FinerLabel[] = [
  {
    name: 'DebtInstrumentBasisSpreadOnVariableRate1',
    description:
      'Percentage points added to a reference rate (LIBOR, SOFR, prime, federal funds) to set the interest rate of a variable-rate debt instrument, e.g. the 2.00 in "LIBOR plus 2.00%".',
  },
  {
    name: 'DebtInstrumentCarryingAmount',
    description:
      'Amount of a specific debt instrument as carried on the balance sheet at a reporting date, before unamortized discount or premium and issuance costs; typically an outstanding balance "as of" a date.',
  },
  {
    name: 'DebtInstrumentFaceAmount',
    description:
      'Face (principal) amount of a debt instrument when it was issued or entered into, e.g. "$500 million aggregate principal amount of notes".',
  },
  {
    name: 'DebtInstrumentInterestRateStatedPercentage',
    description:
      'Contractual (coupon) interest rate stated in a debt agreement, e.g. the 4.80 in "4.80% senior notes due 2028".',
  },
  {
    name: 'DebtInstrumentRedemptionPricePercentage',
    description:
      'Price at which the issuer may or must redeem a debt instrument, as a percentage of principal, e.g. "redeem at 101% of the principal amount".',
  },
  {
    name: 'DebtInstrumentUnamortizedDiscount',
    description:
      'Remaining unamortized discount on a debt instrument: the part of the original issue discount not yet charged to interest expense.',
  },
  {
    name: 'LettersOfCreditOutstandingAmount',
    description: 'Total amount of letters of credit issued and outstanding at the reporting date.',
  },
  {
    name: 'LineOfCredit',
    description:
      'Amount borrowed and still outstanding under a line of credit or revolving credit facility at the reporting date.',
  },
  {
    name: 'LineOfCreditFacilityCurrentBorrowingCapacity',
    description:
      'Amount that can currently be borrowed under a credit facility given present limits (borrowing base, covenants), as opposed to its maximum size.',
  },
  {
    name: 'LineOfCreditFacilityMaximumBorrowingCapacity',
    description:
      'Maximum amount a credit facility allows to be borrowed, regardless of current usage, e.g. "a $1.5 billion revolving credit facility".',
  },
  {
    name: 'LongTermDebt',
    description:
      'Total long-term debt (all maturities, including the current portion) of the entity at the reporting date, not a single instrument.',
  },
  {
    name: 'LongTermDebtFairValue',
    description: 'Fair value (market value) of long-term debt, as opposed to its carrying amount.',
  },
];

/** The label names, in vocabulary order. */
export const finerLabelNames: readonly string[] = finerLabels.map((label) => label.name);
